// A worker thread of the import (import-pool.ts): it prepares batches (the row rules, the offline
// positions and the documents' JSON) and, over the embedded store, inserts the rows the main thread
// chose, through a connection of its own; the API's event loop only decides and acknowledges.
// The prepared rows go back in parts of PART_ROWS, each its own message (strings and a few numbers:
// cheap to copy across). docs/decisions/import-speed.md.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteWriter } from '../../db/sqlite-store';
import type { DocShape } from '../../db/doc-shape';
import type { Store } from '../../db/types';
import { prepareBatch, type PreparedBatch, type PrepareJob, type ReadyRow } from './import-rows';
import { offlinePositions } from './offline-positions';

/** Documents per message (reading one back costs the main thread a few ms at most). */
const PART_ROWS = 250;
/**
 * Rows per insert transaction. Each holds the store's write lock, and a write elsewhere (this
 * process's event loop, another process) waits for it: 500 rows keep that wait around 10-20 ms,
 * where 250-row transactions cost more per row and the event loop no longer pays for them.
 */
const INSERT_ROWS = 500;

export type WorkerData = { dataDir?: string };
export type WorkerRequest =
  | { id: number; job: PrepareJob; locate: boolean }
  | { id: number; insert: { bodies: string[]; shape: DocShape } }
  | { close: true };
export type WorkerReply =
  | { id: number; part: ReadyRow[] }
  | { id: number; done: Omit<PreparedBatch, 'rows'> }
  | { id: number; inserted: number }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('import-worker.ts se lance comme fil de travail (import-pool.ts)');
const { dataDir } = (workerData ?? {}) as WorkerData;
/** The thread's own connection to the store's file, opened at its first insert. */
let writer: Store | undefined;

async function prepare(id: number, job: PrepareJob, locate: boolean): Promise<void> {
  // No slicing here: nothing else waits on this thread.
  const batch = await prepareBatch(job, locate ? offlinePositions() : undefined, Number.MAX_SAFE_INTEGER);
  for (let first = 0; first < batch.rows.length; first += PART_ROWS)
    port?.postMessage({ id, part: batch.rows.slice(first, first + PART_ROWS) } satisfies WorkerReply);
  port?.postMessage({
    id,
    done: { badRows: batch.badRows, rejected: batch.rejected, shape: batch.shape },
  } satisfies WorkerReply);
}

/**
 * The rows by transactions of INSERT_ROWS. Those of an insert that failed half-way are removed by the
 * next attempt at the batch, as on the main thread (import-service.ts: rows from the batch's start).
 */
async function insert(id: number, bodies: string[], shape: DocShape): Promise<void> {
  if (!dataDir) throw new Error('fil d’import sans fichier de stockage');
  writer ??= openSqliteWriter(dataDir);
  const prospects = writer.collection('prospects');
  let inserted = 0;
  for (let first = 0; first < bodies.length; first += INSERT_ROWS)
    inserted += (await prospects.insertSerialised(bodies.slice(first, first + INSERT_ROWS), shape))
      .insertedCount;
  port?.postMessage({ id, inserted } satisfies WorkerReply);
}

port.on('message', (message: WorkerRequest) => {
  if ('close' in message) {
    void writer?.close();
    port.close();
    return;
  }
  const work =
    'insert' in message
      ? insert(message.id, message.insert.bodies, message.insert.shape)
      : prepare(message.id, message.job, message.locate);
  work.catch((error: unknown) =>
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply),
  );
});
