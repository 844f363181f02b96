// The device queue: changes made on the field (a state, a comment, a prospect's contacts) are kept in
// IndexedDB, shown at once by the screens, and sent to the API in the order they were made as soon as
// the network allows, each with its own Idempotency-Key so a retry after a lost reply is never applied
// twice. A change the server refuses is kept, with its French reason, until the user dismisses it.
// docs/decisions/offline-day.md.
import { useSyncExternalStore } from 'react';
import { apiPost } from '../api/api-client';
import { ApiError, ApiRedirect } from '../api/api-error';
import { invalidateApiQueries } from '../query/api-query';
import { useSessionStore } from '../session/session-store';
import type { QueuedChange, RefusedChange } from './device-store';

export type { QueuedChange, RefusedChange } from './device-store';

export type NewChange = Pick<QueuedChange, 'path' | 'body' | 'label' | 'kind'> &
  Partial<Pick<QueuedChange, 'target' | 'invalidates'>>;

export type OfflineState = {
  online: boolean;
  /** The current user's changes not yet accepted by the server, oldest first. */
  pending: readonly QueuedChange[];
  refused: readonly RefusedChange[];
  /** A change is on its way to the server. */
  sending: boolean;
};

/** Shown for a change refused because the caller's licence was removed (the API's 269 to /nosub). */
export const LICENCE_REFUSED_REASON =
  'Votre licence ne permet plus cette action : la modification n’a pas été enregistrée';

/** Waits between tries after a network or server failure: 1 s, 2 s, 4 s… at most one minute. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 60_000;

// Statuses that say "not now" rather than "no": the change is tried again later, unchanged.
const RETRIED_STATUSES = new Set([401, 408, 425, 429]);

// IndexedDB code (idb and the store) loads with the first use, not with the login screen.
const device = () => import(/* webpackChunkName: "device-store" */ './device-store');

/** Whether the browser offers IndexedDB (not in some private modes, not in jsdom without a fake). */
const deviceStoreAvailable = () => typeof indexedDB !== 'undefined';

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

let queue: QueuedChange[] = [];
let refused: RefusedChange[] = [];
let snapshot: OfflineState = { online: isOnline(), pending: [], refused: [], sending: false };
const listeners = new Set<() => void>();
let loaded: Promise<void> | null = null;
let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

const currentUserId = () => useSessionStore.getState().user?._id ?? null;

/** A change made by another user of this device waits for them: it is never sent with this session. */
function mine(change: Pick<QueuedChange, 'userId'>): boolean {
  const userId = currentUserId();
  return change.userId === null || userId === null || change.userId === userId;
}

function publish(patch: Partial<OfflineState> = {}): void {
  snapshot = {
    ...snapshot,
    online: isOnline(),
    pending: queue.filter(mine),
    refused: refused.filter(mine),
    ...patch,
  };
  for (const listener of listeners) listener();
}

/** Reads the device's queue once per page (and again after a sign-out emptied it). */
function loadFromDevice(): Promise<void> {
  if (!deviceStoreAvailable()) return Promise.resolve();
  loaded ??= device()
    .then((store) => Promise.all([store.readChanges(), store.readRefused()]))
    .then(
      ([changes, refusals]) => {
        queue = changes.sort((a, b) => a.seq - b.seq);
        refused = refusals;
        publish();
      },
      () => {
        // IndexedDB refused to open (private mode, full disk): nothing kept; enqueueChange will say so.
        loaded = null;
      },
    );
  return loaded;
}

/** A version 4 UUID; also where randomUUID is missing (a page served over plain HTTP on a network). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Keeps `change` on the device, shows it as pending, and sends it (now if the network allows, else
 * when it comes back). Resolves once the change is safely stored, before it is sent.
 */
export async function enqueueChange(change: NewChange): Promise<QueuedChange> {
  await loadFromDevice();
  const queued = await (
    await device()
  ).addChange({
    id: newKey(),
    path: change.path,
    body: change.body,
    label: change.label,
    kind: change.kind,
    target: change.target ?? null,
    invalidates: change.invalidates ?? [],
    userId: currentUserId(),
    queuedAt: Date.now(),
  });
  queue = [...queue, queued];
  publish();
  void flushQueue();
  return queued;
}

function scheduleRetry(): void {
  if (retryTimer !== null) return;
  const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushQueue();
  }, wait);
}

function cancelRetry(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Whether the server said no to this change for good (as opposed to "not now" or no answer). */
function isRefusal(error: unknown): error is ApiError | ApiRedirect {
  if (error instanceof ApiRedirect) return true;
  if (!(error instanceof ApiError) || error.status === null) return false;
  if (error.code === 'IDEMPOTENCY_IN_PROGRESS') return false;
  return error.status >= 400 && error.status < 500 && !RETRIED_STATUSES.has(error.status);
}

async function sendOne(change: QueuedChange): Promise<'sent' | 'refused' | 'later'> {
  try {
    await apiPost(change.path, change.body, {
      silent: true,
      followRedirect: false,
      headers: { 'Idempotency-Key': change.id },
    });
  } catch (error) {
    if (!isRefusal(error)) {
      // No network, a time-out, a server failure: the same change (same key) is tried again later.
      if (!(error instanceof ApiError)) throw error;
      return 'later';
    }
    const { seq: _seq, ...rest } = change;
    const refusal: RefusedChange = {
      ...rest,
      reason: error instanceof ApiRedirect ? LICENCE_REFUSED_REASON : error.message,
      status: error instanceof ApiRedirect ? 269 : error.status,
      refusedAt: Date.now(),
    };
    await (await device()).refuseChange(change, refusal);
    queue = queue.filter((queued) => queued.seq !== change.seq);
    refused = [...refused, refusal];
    return 'refused';
  }
  await (await device()).removeChange(change.seq);
  queue = queue.filter((queued) => queued.seq !== change.seq);
  return 'sent';
}

/**
 * Sends the current user's waiting changes one after the other, oldest first; stops at the first one
 * that gets no answer (and tries again later with backoff), so none overtakes an earlier one.
 */
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    await loadFromDevice();
    cancelRetry();
    try {
      for (;;) {
        if (!isOnline() || useSessionStore.getState().token === null) return;
        const next = queue.find(mine);
        if (!next) {
          failures = 0;
          return;
        }
        publish({ sending: true });
        const outcome = await sendOne(next);
        if (outcome === 'later') {
          scheduleRetry();
          return;
        }
        failures = 0;
        for (const key of next.invalidates) invalidateApiQueries(key);
        publish();
      }
    } finally {
      flushing = null;
      publish({ sending: false });
    }
  })();
  return flushing;
}

/** The user read a refused change: it leaves the list. */
export async function dismissRefused(id: string): Promise<void> {
  await (await device()).removeRefused(id);
  refused = refused.filter((change) => change.id !== id);
  publish();
}

/** Sign-out: the device forgets every kept reply and change (IndexedDB database deleted). */
export async function clearDeviceData(): Promise<void> {
  cancelRetry();
  queue = [];
  refused = [];
  loaded = null;
  failures = 0;
  publish();
  if (deviceStoreAvailable()) await (await device()).deleteDeviceStore();
}

/** The current user's changes not yet sent (read synchronously, e.g. before signing out). */
export function pendingChangeCount(): number {
  return snapshot.pending.length;
}

/** "1 modification en attente", "3 modifications en attente". */
export function pendingLabel(count: number): string {
  return `${count} modification${count > 1 ? 's' : ''} en attente`;
}

/** The question asked before signing out with unsent changes; null when there are none. */
export function unsentChangesQuestion(count = pendingChangeCount()): string | null {
  if (count === 0) return null;
  return count > 1
    ? `${count} modifications n’ont pas encore été envoyées. Elles seront perdues si vous vous déconnectez maintenant. Se déconnecter quand même ?`
    : '1 modification n’a pas encore été envoyée. Elle sera perdue si vous vous déconnectez maintenant. Se déconnecter quand même ?';
}

/** Asks before signing out when changes are still waiting; true when the sign-out may go on. */
export function confirmSignOut(): boolean {
  const question = unsentChangesQuestion();
  return question === null || window.confirm(question);
}

/** The network is back: the waiting changes go out at once. */
function backOnline(): void {
  failures = 0;
  publish();
  void flushQueue();
}

/**
 * A browser may change navigator.onLine without an 'online' or 'offline' event (Chromium 150 for a
 * page reloaded with no network: true at first, false a moment later, no event): while a screen shows
 * the state, it is read again every few seconds.
 */
const ONLINE_RECHECK_MS = 2_000;
let recheck: ReturnType<typeof setInterval> | null = null;

function recheckOnline(): void {
  if (snapshot.online === isOnline()) return;
  if (isOnline()) backOnline();
  else publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadFromDevice();
  recheck ??= setInterval(recheckOnline, ONLINE_RECHECK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || recheck === null) return;
    clearInterval(recheck);
    recheck = null;
  };
}

/** The network status and the device queue, for the banner and the screens' optimistic view. */
export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** For tests: forget the in-memory copy (the device store is cleared separately). */
export function resetOfflineQueue(): void {
  cancelRetry();
  queue = [];
  refused = [];
  loaded = null;
  flushing = null;
  failures = 0;
  snapshot = { online: isOnline(), pending: [], refused: [], sending: false };
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', backOnline);
  window.addEventListener('offline', () => publish());
  // The user known (after /api/verify): their changes are shown and sent.
  useSessionStore.subscribe((state, previous) => {
    if (state.user?._id === previous.user?._id && state.token === previous.token) return;
    publish();
    if (state.token !== null) void flushQueue();
  });
  // Changes left from a previous visit go out as soon as the app starts with a session (the login
  // screen, without one, does not load the device store).
  if (deviceStoreAvailable() && useSessionStore.getState().token !== null) void flushQueue();
}
