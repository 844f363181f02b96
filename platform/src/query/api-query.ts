import { startTransition, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { callQuietly, ignoreHandledFailure, showQuietFailure } from '../api/api-client';
import { ApiError } from '../api/api-error';

// The device store (IndexedDB) loads with the first screen that asks to keep its answers.
const device = () => import(/* webpackChunkName: "device-store" */ '../offline/device-store');
const deviceStoreAvailable = () => typeof indexedDB !== 'undefined';
import { useSessionStore } from '../session/session-store';

// Server state read by the screens: one cache for the page (the platform is a singleton), keyed by the
// call, the organisation and the input (docs/decisions/data-fetching.md).

export type ApiQueryOptions = {
  /** Names the call in the cache and for `invalidateApiQueries`, e.g. 'opportunity/get'. */
  key: string;
  /**
   * Keep the answer after the last screen reading it is gone, and do not ask again while it is kept
   * (answers that do not change during a visit, e.g. the comment statuses). A failure is not kept.
   */
  keep?: boolean;
  /**
   * false for an answer that does not depend on the organisation (the session, the account): a change of
   * the current organisation does not ask it again.
   */
  byOrganisation?: boolean;
  /**
   * Keep each answer on the device (IndexedDB) and read it back when there is no network: the screens
   * of the field day stay readable offline once opened online (docs/decisions/offline-day.md).
   */
  offline?: boolean;
};

export type ApiQuery<T> = {
  /** The latest answer for this input: kept while asking again, and after a failed new try. */
  data: T | undefined;
  /** The failure of the latest try (its French toast was already shown by the API client). */
  error: unknown;
  /** Enabled, and neither an answer nor a failure yet. */
  loading: boolean;
  /** Asks again now; the current answer stays shown meanwhile. */
  refetch: () => void;
  /** Replaces the answer in the cache (an edit's reply, an optimistic change and its undo). */
  setData: (update: T | ((previous: T | undefined) => T)) => void;
};

type Snapshot = { data: unknown; error: unknown; settled: boolean };

type Entry = {
  snapshot: Snapshot;
  fetch: () => Promise<unknown>;
  /** The latest request; an older one's answer is ignored. */
  run: number;
  pending: boolean;
  keep: boolean;
  /** Asked before any screen read it (`prefetchApiQuery`): the first screen takes this answer. */
  prefetched: boolean;
  /** Called with `urgent` true for a change the user just made (setData), false for an answer. */
  listeners: Set<(urgent: boolean) => void>;
};

const IDLE: Snapshot = { data: undefined, error: undefined, settled: false };
const entries = new Map<string, Entry>();

function publish(entry: Entry, snapshot: Snapshot, urgent = false): void {
  entry.snapshot = snapshot;
  for (const listener of entry.listeners) listener(urgent);
}

function load(entry: Entry): void {
  entry.run += 1;
  const run = entry.run;
  entry.pending = true;
  // A call that throws at once or answers a plain value is handled like a promise.
  new Promise((resolve) => resolve(entry.fetch())).then(
    (data) => {
      if (run !== entry.run) return;
      entry.pending = false;
      publish(entry, { data, error: undefined, settled: true });
    },
    (error: unknown) => {
      if (run !== entry.run) return;
      entry.pending = false;
      publish(entry, { data: entry.snapshot.data, error, settled: true });
      // A prefetched call failing once a screen took it: that screen shows it (else the one taking it).
      if (!entry.prefetched) showQuietFailure(error);
      // Failures of the API client were shown to the user; anything else is a bug and surfaces.
      ignoreHandledFailure(error);
    },
  );
}

const networkDown = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function storedAnswer(cacheKey: string): Promise<{ data: unknown } | undefined> {
  // A device store that cannot be read is the same as an empty one: the network's failure is reported.
  return device()
    .then((store) => store.readReply(cacheKey))
    .catch(() => undefined);
}

/**
 * Offline: the answer kept on the device, without asking. Online: the server's answer, kept on the
 * device; when the server cannot be reached, the kept one.
 */
async function askThroughDevice(cacheKey: string, ask: () => Promise<unknown>): Promise<unknown> {
  if (networkDown()) {
    const stored = await storedAnswer(cacheKey);
    if (stored) return stored.data;
  }
  try {
    const data = await ask();
    // Not awaited: the screen shows the answer while it is written.
    device()
      .then((store) => store.saveReply(cacheKey, data))
      .catch(() => undefined);
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === null) {
      const stored = await storedAnswer(cacheKey);
      if (stored) return stored.data;
    }
    throw error;
  }
}

function cacheKeyOf(key: string, scope: string, input: unknown): string {
  return `${key}|${scope}|${JSON.stringify(input)}`;
}

function scopeOf(options: ApiQueryOptions, organisationId: string | null): string {
  return options.byOrganisation === false ? '*' : (organisationId ?? '');
}

function createEntry<TInput>(
  cacheKey: string,
  call: (input: TInput) => Promise<unknown>,
  input: TInput,
  keep: boolean,
  offline: boolean,
): Entry {
  const ask = () => call(input);
  const entry: Entry = {
    snapshot: IDLE,
    fetch: offline && deviceStoreAvailable() ? () => askThroughDevice(cacheKey, ask) : ask,
    run: 0,
    pending: false,
    keep,
    prefetched: false,
    listeners: new Set(),
  };
  entries.set(cacheKey, entry);
  return entry;
}

/**
 * Asks `call(input)` now, before a screen reads it (the shell's start asks the session check while it
 * loads the first screen's code; a remote's routes module asks its first screen's calls); the first
 * `useApiQuery` of the same call and input takes the answer, or waits for it, instead of asking again.
 * Until a screen takes it, a failure is not shown: no toast for a screen the user never saw (the
 * organisation kept from the last visit is gone, say); the screen taking it shows it.
 */
export function prefetchApiQuery<TInput, TReply>(
  call: (input: TInput) => Promise<TReply>,
  input: TInput,
  options: ApiQueryOptions,
): void {
  const scope = scopeOf(options, useSessionStore.getState().currentOrganisationId);
  const cacheKey = cacheKeyOf(options.key, scope, input);
  if (entries.has(cacheKey)) return;
  const quietUntilTaken = (value: TInput) =>
    entry.prefetched ? callQuietly(() => call(value)) : call(value);
  const entry = createEntry(
    cacheKey,
    quietUntilTaken,
    input,
    options.keep ?? false,
    options.offline ?? false,
  );
  entry.prefetched = true;
  load(entry);
}

/**
 * The answer of `call(input)` for the current organisation, asked when a screen first reads it and
 * shared by every component reading the same call and input. `input` null: nothing is asked (no
 * organisation yet). Answers are forgotten when the last component reading them is gone, unless `keep`.
 */
export function useApiQuery<TInput, TReply>(
  call: (input: TInput) => Promise<TReply>,
  input: TInput | null,
  options: ApiQueryOptions,
): ApiQuery<TReply> {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const scope = scopeOf(options, organisationId);
  const cacheKey = input === null ? null : cacheKeyOf(options.key, scope, input);
  // What a new cache entry will ask: the store subscribes after layout effects, so it reads these.
  const keep = options.keep ?? false;
  const offline = options.offline ?? false;
  const latest = useRef({ call, input, keep, offline });
  useLayoutEffect(() => {
    latest.current = { call, input, keep, offline };
  });

  const subscribe = useCallback(
    (listener: (urgent: boolean) => void) => {
      if (cacheKey === null) return () => undefined;
      const { call: fetchCall, input: fetchInput, keep: keepAnswer, offline: onDevice } = latest.current;
      const subscribed =
        entries.get(cacheKey) ?? createEntry(cacheKey, fetchCall, fetchInput as TInput, keepAnswer, onDevice);
      subscribed.listeners.add(listener);
      return () => {
        subscribed.listeners.delete(listener);
        if (subscribed.listeners.size === 0 && !subscribed.keep && entries.get(cacheKey) === subscribed) {
          entries.delete(cacheKey);
        }
      };
    },
    [cacheKey],
  );
  // Not useSyncExternalStore: its updates always render in one blocking task. An answer renders as a
  // transition, in slices a phone's CPU can interleave with input (docs/decisions/lighthouse.md);
  // a change the user just made (setData) renders at once.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const snapshot = cacheKey === null ? IDLE : (entries.get(cacheKey)?.snapshot ?? IDLE);
  const rendered = useRef(snapshot);
  useLayoutEffect(() => {
    rendered.current = snapshot;
  });
  useEffect(() => {
    const unsubscribe = subscribe((urgent) => {
      if (urgent) rerender();
      else startTransition(rerender);
    });
    // An answer published between this render and the subscription.
    const current = cacheKey === null ? IDLE : (entries.get(cacheKey)?.snapshot ?? IDLE);
    if (current !== rendered.current) rerender();
    return unsubscribe;
  }, [subscribe, cacheKey]);

  useEffect(() => {
    if (cacheKey === null) return;
    const entry = entries.get(cacheKey);
    if (!entry) return;
    // A prefetched answer (or its request still on its way) is the first screen's: not asked twice.
    const prefetched = entry.prefetched;
    entry.prefetched = false;
    if (prefetched) showQuietFailure(entry.snapshot.error);
    if (prefetched || entry.pending) return;
    // A kept answer is not asked again; a failure is.
    if (entry.keep && entry.snapshot.settled && entry.snapshot.error === undefined) return;
    load(entry);
  }, [cacheKey]);

  const refetch = useCallback(() => {
    const entry = cacheKey === null ? undefined : entries.get(cacheKey);
    if (entry) load(entry);
  }, [cacheKey]);

  const setData = useCallback(
    (update: TReply | ((previous: TReply | undefined) => TReply)) => {
      const entry = cacheKey === null ? undefined : entries.get(cacheKey);
      if (!entry) return;
      const data =
        typeof update === 'function'
          ? (update as (previous: TReply | undefined) => TReply)(entry.snapshot.data as TReply | undefined)
          : update;
      publish(entry, { data, error: undefined, settled: true }, true);
    },
    [cacheKey],
  );

  return {
    data: snapshot.data as TReply | undefined,
    error: snapshot.error,
    loading: cacheKey !== null && !snapshot.settled,
    refetch,
    setData,
  };
}

/**
 * After a change: the answers of the call named `key` (every organisation and input) are asked again
 * where a screen shows them, and forgotten elsewhere.
 */
export function invalidateApiQueries(key: string): void {
  for (const [cacheKey, entry] of entries) {
    if (!cacheKey.startsWith(`${key}|`)) continue;
    if (entry.listeners.size > 0) load(entry);
    else entries.delete(cacheKey);
  }
}

// Signing out forgets the answers no screen shows any more, kept ones included: the next user of the
// tab is never shown what the previous one was.
useSessionStore.subscribe((state, previous) => {
  if (previous.token === null || state.token !== null) return;
  for (const [cacheKey, entry] of entries) if (entry.listeners.size === 0) entries.delete(cacheKey);
});

/** Forgets every answer (tests start from an empty cache). */
export function clearApiQueries(): void {
  entries.clear();
}
