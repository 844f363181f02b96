// A thread of the file reads (file-read-pool.ts): it builds pages of files (file-page.ts) through a
// read-only connection of its own to the embedded store, so that a file's page, and a search in it
// (rows read until the page is full, then all of the file's counted), holds this thread and not the
// API's event loop. docs/decisions/load.md, "A file's pages in a thread".
import { type ProspectPageData, yieldToEventLoop } from '@app/domain';
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../db/sqlite-store';
import { filePageJson } from './file-page';
import { type ProspectFileDoc, ProspectsRepository } from './repository';

export type FileReadData = { dataDir: string };
export type FileReadRequest =
  { id: number; file: ProspectFileDoc; input: ProspectPageData } | { close: true };
/** `json`: the page's JSON as UTF-8, its own buffer, handed over rather than copied. */
export type FileReadReply = { id: number; json: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('file-read-worker.ts se lance comme fil de travail (file-read-pool.ts)');
const store = openSqliteReader((workerData as FileReadData).dataDir);
const repository = new ProspectsRepository(store);
const encoder = new TextEncoder();

async function build(id: number, file: ProspectFileDoc, input: ProspectPageData): Promise<void> {
  // The reads of one turn share one snapshot (SqliteEngine.beginRead), which an earlier call of the
  // same turn may have begun before this call's own writes were committed: a turn of its own begins
  // one taken after this call arrived.
  await yieldToEventLoop();
  // Encoded here and its buffer handed over: the event loop neither copies the text (often 500 KB)
  // out of the message nor encodes it for the socket (load.md, "A file's page as bytes"). A
  // TextEncoder's array has a buffer of its own (a small Buffer.from shares Node's pool, which a
  // transfer would take away).
  const json = encoder.encode(await filePageJson(repository, file, input));
  port?.postMessage({ id, json } satisfies FileReadReply, [json.buffer]);
}

port.on('message', (message: FileReadRequest) => {
  if ('close' in message) {
    void store.close().finally(() => port.close());
    return;
  }
  build(message.id, message.file, message.input).catch((error: unknown) =>
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies FileReadReply),
  );
});
