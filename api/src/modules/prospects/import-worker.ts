// A worker thread preparing import batches (import-pool.ts): the row rules, the offline positions and
// the documents' JSON run here, so the API's event loop only stores the texts. The rows go back in
// parts of PART_ROWS, each its own message (strings and a few numbers: cheap to copy across).
import { parentPort } from 'node:worker_threads';
import { prepareBatch, type PreparedBatch, type PrepareJob, type ReadyRow } from './import-rows';
import { offlinePositions } from './offline-positions';

/** Documents per message (reading one back costs the main thread a few ms at most). */
const PART_ROWS = 250;

export type WorkerRequest = { id: number; job: PrepareJob; locate: boolean } | { close: true };
export type WorkerReply =
  | { id: number; part: ReadyRow[] }
  | { id: number; done: Omit<PreparedBatch, 'rows'> }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('import-worker.ts se lance comme fil de travail (import-pool.ts)');

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

port.on('message', (message: WorkerRequest) => {
  if ('close' in message) {
    port.close();
    return;
  }
  prepare(message.id, message.job, message.locate).catch((error: unknown) =>
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply),
  );
});
