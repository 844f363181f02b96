// The device's copy of the field day, in IndexedDB through `idb`: the API replies a screen asked to keep
// (read back with no network), the changes waiting to be sent, and the changes the server refused.
// One database for the app; signing out deletes it. docs/decisions/offline-day.md.
import { deleteDB, openDB, type IDBPDatabase } from 'idb';

export const DEVICE_DB_NAME = 'prospection-appareil';
const DEVICE_DB_VERSION = 1;

/** A change made on the device, sent to the API as `POST path` with `body` and its idempotency key. */
export type QueuedChange = {
  /** Order of the changes on this device (IndexedDB auto-increment): they are sent in this order. */
  seq: number;
  /** The `Idempotency-Key` header, the same on every try. */
  id: string;
  path: string;
  /** The request body, without the session token (added when sent). */
  body: Record<string, unknown>;
  /** What the user did, in French ("État : En attente — Boulangerie Dupont"). */
  label: string;
  /** What the screens need to apply it to their data before it is sent (e.g. 'state', 'comment'). */
  kind: string;
  /** The record it changes (an opportunity id), for the screens' optimistic view. */
  target: string | null;
  /** The query keys (`useApiQuery`'s `key`) to read again once it is sent or refused. */
  invalidates: string[];
  /** The user who made it: another user's changes are never sent with this session. */
  userId: string | null;
  queuedAt: number;
};

/** A change the server refused, kept with the server's French reason until the user dismisses it. */
export type RefusedChange = Omit<QueuedChange, 'seq'> & {
  reason: string;
  status: number | null;
  refusedAt: number;
};

type StoredReply = { key: string; data: unknown; savedAt: number };

type DeviceSchema = {
  replies: { key: string; value: StoredReply };
  changes: { key: number; value: QueuedChange };
  refused: { key: string; value: RefusedChange };
};

let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null;

function database(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(DEVICE_DB_NAME, DEVICE_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('replies', { keyPath: 'key' });
      db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('refused', { keyPath: 'id' });
    },
    // Another tab deletes the database (sign-out): let it, and open again when next needed.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

export async function saveReply(key: string, data: unknown, now = Date.now()): Promise<void> {
  await (await database()).put('replies', { key, data, savedAt: now });
}

export async function readReply(key: string): Promise<StoredReply | undefined> {
  return (await database()).get('replies', key);
}

export async function addChange(change: Omit<QueuedChange, 'seq'>): Promise<QueuedChange> {
  const db = await database();
  // seq is given by the store (keyPath + autoIncrement): the record is written without it.
  const seq = await db.add('changes', change as QueuedChange);
  return { ...change, seq };
}

/** The waiting changes, oldest first. */
export async function readChanges(): Promise<QueuedChange[]> {
  return (await database()).getAll('changes');
}

export async function removeChange(seq: number): Promise<void> {
  await (await database()).delete('changes', seq);
}

/** Moves a change from the queue to the refused list in one transaction: it is never in both, nor lost. */
export async function refuseChange(change: QueuedChange, refusal: RefusedChange): Promise<void> {
  const tx = (await database()).transaction(['changes', 'refused'], 'readwrite');
  await Promise.all([
    tx.objectStore('changes').delete(change.seq),
    tx.objectStore('refused').put(refusal),
    tx.done,
  ]);
}

export async function readRefused(): Promise<RefusedChange[]> {
  const refused = await (await database()).getAll('refused');
  return refused.sort((a, b) => a.refusedAt - b.refusedAt);
}

export async function removeRefused(id: string): Promise<void> {
  await (await database()).delete('refused', id);
}

/** Deletes the whole device copy (sign-out). */
export async function deleteDeviceStore(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
  await deleteDB(DEVICE_DB_NAME);
}
