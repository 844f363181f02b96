// A worker thread of the import (import-pool.ts): it prepares batches (the row rules, the offline
// positions and the documents' JSON) and, over the embedded store, looks their duplicate keys up
// (a read-only connection) and inserts the rows the main thread chose, through a connection of its
// own; the API's event loop only decides and acknowledges.
// The prepared rows go back in parts of PART_ROWS, each its own message (strings and a few numbers:
// cheap to copy across). docs/decisions/import-speed.md.
import { yieldToEventLoop } from '@app/domain';
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openSqliteReader, openSqliteWriter } from '../../db/sqlite-store';
import { lowerThreadPriority } from '../../thread-priority';
import type { DocShape } from '../../db/doc-shape';
import type { Store } from '../../db/types';
import { type DedupLookup, storedDedupKeys } from './dedup-lookup';
import {
  type HeldBodies,
  prepareBatch,
  type PreparedBatch,
  type PreparedInThread,
  type PrepareJob,
  type ReadyRow,
} from './import-rows';
import { offlinePositions } from './offline-positions';
import { ProspectsRepository } from './repository';

/** Documents per message (reading one back costs the main thread a few ms at most). */
const PART_ROWS = 250;

/** `background`: a thread that only prepares lowers its priority (import-pool.ts, preparesOnly). */
export type WorkerData = { dataDir?: string; background?: boolean };
/**
 * A batch to prepare; with `bodiesTo` its documents' texts go there (HeldBodies) rather than back to
 * the main thread, which gets the rows' facts only (`held`).
 */
export type WorkerRequest =
  | {
      id: number;
      job: PrepareJob;
      locate: boolean;
      lookup?: DedupLookup;
      bodiesTo?: MessagePort;
      /** The job's cells wait on `bodiesTo` instead, in parts: this many rows (import-pool.ts). */
      cellRows?: number;
    }
  | { id: number; insert: { bodies: string[]; shape: DocShape } }
  | { id: number; insertHeld: { from: MessagePort; rowIndexes: number[]; shape: DocShape } }
  | { id: number; warm: { locate: boolean } }
  | { close: true };
export type WorkerReply =
  | { id: number; part: ReadyRow[] }
  | { id: number; done: Omit<PreparedBatch, 'rows'> }
  | { id: number; held: Omit<PreparedInThread, 'bodies'> }
  | { id: number; inserted: number }
  | { id: number; warmed: true }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('import-worker.ts se lance comme fil de travail (import-pool.ts)');
const { dataDir, background } = (workerData ?? {}) as WorkerData;
if (background) lowerThreadPriority();
/** The thread's own connection to the store's file, opened at its first insert. */
let writer: Store | undefined;
/** A read-only connection to the store's file, opened at the first look-up. */
let reading: Store | undefined;

async function prepare(
  id: number,
  job: PrepareJob,
  locate: boolean,
  lookup?: DedupLookup,
  bodiesTo?: MessagePort,
  cellRows?: number,
): Promise<void> {
  // No slicing here: nothing else waits on this thread. With `bodiesTo`, the texts leave part by
  // part as they are written (HELD_PART_ROWS), all of them before the main thread hears of the batch.
  const batch = await prepareBatch(
    bodiesTo && cellRows !== undefined ? { ...job, cells: cellsFrom(bodiesTo, cellRows) } : job,
    locate ? offlinePositions() : undefined,
    Number.MAX_SAFE_INTEGER,
    bodiesTo && ((part) => bodiesTo.postMessage(part)),
  );
  const found = lookup && batch.badRows.length === 0 ? await lookUp(lookup, batch) : undefined;
  if (bodiesTo) {
    bodiesTo.close();
    port?.postMessage({
      id,
      held: {
        badRows: batch.badRows,
        rejected: batch.rejected,
        shape: batch.shape,
        rows: batch.rows.map(({ rowIndex, dedupKey, siretFlagged }) => ({
          rowIndex,
          dedupKey,
          siretFlagged,
        })),
        ...(found && { found }),
      },
    } satisfies WorkerReply);
    return;
  }
  for (let first = 0; first < batch.rows.length; first += PART_ROWS)
    port?.postMessage({ id, part: batch.rows.slice(first, first + PART_ROWS) } satisfies WorkerReply);
  port?.postMessage({
    id,
    done: { badRows: batch.badRows, rejected: batch.rejected, shape: batch.shape, ...(found && { found }) },
  } satisfies WorkerReply);
}

/** The `rows` rows of cells the main thread posted on `from` in parts, ahead of the job (import-pool.ts). */
function cellsFrom(from: MessagePort, rows: number): string[][] {
  const cells: string[][] = [];
  while (cells.length < rows) {
    const received = receiveMessageOnPort(from) as { message: string[][] } | undefined;
    if (!received) throw new Error(`lot incomplet : ${cells.length} lignes reçues sur ${rows}`);
    for (const row of received.message) cells.push(row);
  }
  return cells;
}

/** The batch's keys already stored; undefined when the store cannot be read here (the main thread looks). */
async function lookUp(lookup: DedupLookup, batch: PreparedBatch): Promise<string[] | undefined> {
  if (!dataDir) return undefined;
  try {
    // The reads of one turn share one snapshot (SqliteEngine.beginRead), and batches that arrive
    // together are prepared in one turn: the previous batch's snapshot can predate the rows this
    // batch's `before` counts as stored. A turn of its own begins a snapshot taken after they were.
    await yieldToEventLoop();
    reading ??= openSqliteReader(dataDir);
    const keys = [...new Set(batch.rows.map((row) => row.dedupKey))];
    return [...(await storedDedupKeys(new ProspectsRepository(reading), lookup, keys))];
  } catch {
    return undefined;
  }
}

/**
 * The texts another thread prepared (`bodiesTo`) of the rows `rowIndexes` (ascending), inserted as
 * they are read: the parts were all posted before the main thread heard of the batch, so they wait in
 * the port's queue and are taken one at a time during the insert (HELD_PART_ROWS).
 */
async function insertHeld(
  id: number,
  from: MessagePort,
  rowIndexes: number[],
  shape: DocShape,
): Promise<void> {
  try {
    await insert(id, heldBodies(from, rowIndexes), shape);
  } finally {
    from.close();
  }
}

/** The texts of the rows `rowIndexes` (ascending), read part by part from `from` (HeldBodies). */
function* heldBodies(from: MessagePort, rowIndexes: number[]): Generator<string> {
  let wanted = 0;
  while (wanted < rowIndexes.length) {
    const received = receiveMessageOnPort(from) as { message: HeldBodies } | undefined;
    if (!received) throw new Error(`ligne ${rowIndexes[wanted]} absente du lot préparé`);
    const part = received.message;
    for (let at = 0; at < part.rowIndexes.length && wanted < rowIndexes.length; at += 1)
      if (part.rowIndexes[at] === rowIndexes[wanted]) {
        yield part.bodies[at] as string;
        wanted += 1;
      }
  }
}

/**
 * A batch's rows go in as one transaction (a batch holds at most MAX_IMPORT_BATCH_ROWS, 2,000). Each
 * commit writes every index page its rows touched, and the store's checkpoints (each with its fsync)
 * follow the pages written: four 500-row transactions wrote the same hot pages four times and cost
 * 16 % more wall time per import (docs/decisions/import-speed.md, sixth pass). The write lock is held
 * about 100 ms per batch; a colleague's reads never wait for it (WAL), a write waits that long at most.
 *
 * The rows of an insert that failed half-way are removed by the next attempt at the batch, as on the main
 * thread (import-service.ts: rows from the batch's start).
 */
async function insert(id: number, bodies: Iterable<string>, shape: DocShape): Promise<void> {
  if (!dataDir) throw new Error('fil d’import sans fichier de stockage');
  writer ??= openSqliteWriter(dataDir);
  const { insertedCount } = await writer.collection('prospects').insertSerialised(bodies, shape);
  port?.postMessage({ id, inserted: insertedCount } satisfies WorkerReply);
}

port.on('message', (message: WorkerRequest) => {
  if ('close' in message) {
    void writer?.close();
    void reading?.close();
    port.close();
    return;
  }
  if ('warm' in message) {
    // An import has started: the positions table is built now, while its first batch is on its way.
    if (message.warm.locate) offlinePositions();
    port.postMessage({ id: message.id, warmed: true } satisfies WorkerReply);
    return;
  }
  const work =
    'insert' in message
      ? insert(message.id, message.insert.bodies, message.insert.shape)
      : 'insertHeld' in message
        ? insertHeld(
            message.id,
            message.insertHeld.from,
            message.insertHeld.rowIndexes,
            message.insertHeld.shape,
          )
        : prepare(
            message.id,
            message.job,
            message.locate,
            message.lookup,
            message.bodiesTo,
            message.cellRows,
          );
  work.catch((error: unknown) =>
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply),
  );
});
