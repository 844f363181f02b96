// A thread of the file reads (file-read-pool.ts): it builds pages of files (file-page.ts) through a
// read-only connection of its own to the embedded store, so that a file's page, and a search in it
// (rows read until the page is full, then all of the file's counted), holds this thread and not the
// API's event loop. docs/decisions/load.md, "A file's pages in a thread".
import { type ProspectPageData, yieldToEventLoop } from '@app/domain';
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { openSqliteReader } from '../../db/sqlite-store';
import { API_GZIP_FROM_BYTES, API_GZIP_LEVEL } from '../../http/api-gzip';
import { utf8Of } from '../../http/utf8-pieces';
import { filePagePieces } from './file-page';
import { type ProspectFileDoc, ProspectsRepository } from './repository';

export type FileReadData = { dataDir: string };
/** `gzip`: the client takes gzip. */
export type FileReadRequest =
  { id: number; file: ProspectFileDoc; input: ProspectPageData; gzip: boolean } | { close: true };
/** `json`: the page's JSON as UTF-8, gzipped when `gzip`, its own buffer, handed over rather than copied. */
export type FileReadReply = { id: number; json: Uint8Array; gzip: boolean } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('file-read-worker.ts se lance comme fil de travail (file-read-pool.ts)');
const store = openSqliteReader((workerData as FileReadData).dataDir);
const repository = new ProspectsRepository(store);

/** `bytes` over a buffer of their own (one that can be transferred without taking others with it). */
function ownBuffer(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

async function build(
  id: number,
  file: ProspectFileDoc,
  input: ProspectPageData,
  gzip: boolean,
): Promise<void> {
  // The reads of one turn share one snapshot (SqliteEngine.beginRead), which an earlier call of the
  // same turn may have begun before this call's own writes were committed: a turn of its own begins
  // one taken after this call arrived.
  await yieldToEventLoop();
  // Encoded (and gzipped) here and its buffer handed over: the event loop neither copies the text
  // (often 500 KB) out of the message nor encodes nor compresses it for the socket (load.md, "A
  // file's page as bytes, gzipped by its thread"). utf8Of's buffer is its own, and zlib's result is
  // given one (ownBuffer): a small Buffer shares Node's pool, which a transfer would take away.
  const text = utf8Of(await filePagePieces(repository, file, input));
  // Gzipped as the compression middleware would gzip it (api-gzip.ts).
  const gzipped = gzip && text.byteLength >= API_GZIP_FROM_BYTES;
  const json = gzipped ? ownBuffer(gzipSync(text, { level: API_GZIP_LEVEL })) : text;
  // Neither TextEncoder's nor zlib's buffer is a SharedArrayBuffer.
  port?.postMessage({ id, json, gzip: gzipped } satisfies FileReadReply, [json.buffer as ArrayBuffer]);
}

port.on('message', (message: FileReadRequest) => {
  if ('close' in message) {
    void store.close().finally(() => port.close());
    return;
  }
  build(message.id, message.file, message.input, message.gzip).catch((error: unknown) =>
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies FileReadReply),
  );
});
