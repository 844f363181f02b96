import type { DuplicatePolicy, ImportMapping, ImportOptions, ImportResult } from '@app/domain';
import { ApiError } from '@app/platform';
import { abortImport } from '../api/abort-import';
import { finishImport } from '../api/finish-import';
import { loadProspects } from '../api/load-prospects';
import { sendImportRows } from '../api/send-import-rows';
import { startImport } from '../api/start-import';
import type { FileParser } from './file-parser';
import { rowObject } from './row-batches';

export type UploadRequest = {
  organisationId: string;
  name: string;
  isPrivate: boolean;
  mapping: ImportMapping;
  options: ImportOptions;
  duplicates: DuplicatePolicy;
  headers: string[];
  rowCount: number;
};

/** `excelId` is null when the server stored no row and so created no file (all duplicates). */
export type UploadResult = ({ status: 'done' } & ImportResult) | { status: 'cancelled' };

export type UploadControls = {
  onProgress: (sent: number) => void;
  isCancelled: () => boolean;
  /** Waits before each retry of a failed batch (3 retries). */
  retryDelaysMs?: readonly number[];
};

const RETRY_DELAYS_MS = [500, 1500, 4000];
/**
 * Batches on their way at once: the next one travels and is read while the server stores the one
 * before, so the server never waits for the page (it stores them in order; docs/decisions/prospect-import.md).
 */
export const UPLOAD_IN_FLIGHT = 2;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A network failure, a time-out or a server error may pass; a refused batch will not. */
function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || error.status >= 500 || error.status === 429);
}

async function withRetry<T>(call: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}

/**
 * Sends the parsed file: in one /api/prospect/load when it fits in one request, else through
 * import/start, import/rows batches in the compact form, UPLOAD_IN_FLIGHT at a time (retried: the
 * server ignores an offset it already has) and import/finish. A cancelled or failed import is aborted, so nothing of it stays.
 */
export async function uploadImport(
  request: UploadRequest,
  parser: Pick<FileParser, 'batch'>,
  controls: UploadControls,
): Promise<UploadResult> {
  const { organisationId, name, isPrivate, mapping, options, duplicates } = request;
  const delays = controls.retryDelaysMs ?? RETRY_DELAYS_MS;
  let batch = await parser.batch(0);

  if (batch.end >= request.rowCount) {
    const reply = await loadProspects({
      organisationId,
      name,
      isPrivate,
      value: mapping,
      exel: batch.cells.map((cells) => rowObject(request.headers, cells)),
      duplicates,
      options,
    });
    controls.onProgress(request.rowCount);
    return { status: 'done', ...reply };
  }

  const { importId } = await startImport({
    organisationId,
    name,
    isPrivate,
    value: mapping,
    columns: request.headers,
    totalRows: request.rowCount,
    duplicates,
    options,
  });
  const abort = () => abortImport({ organisationId, importId }).catch(() => undefined);
  const inFlight = new Set<Promise<unknown>>();
  let received = 0;
  try {
    for (;;) {
      if (controls.isCancelled()) {
        await Promise.allSettled(inFlight);
        await abort();
        return { status: 'cancelled' };
      }
      const current = batch;
      // The worker prepares the next batch while this one travels.
      const next = current.end < request.rowCount ? parser.batch(current.end) : null;
      const sending = withRetry(
        () => sendImportRows({ organisationId, importId, offset: current.offset, cells: current.cells }),
        delays,
      ).then((reply) => {
        // The server stores batches in order: its count only grows.
        if (reply.received > received) {
          received = reply.received;
          controls.onProgress(received);
        }
      });
      inFlight.add(sending);
      // Handled here; a failure surfaces through the race or the final wait below.
      sending.then(
        () => inFlight.delete(sending),
        () => undefined,
      );
      if (inFlight.size >= UPLOAD_IN_FLIGHT) await Promise.race(inFlight);
      if (!next) break;
      batch = await next;
    }
    await Promise.all(inFlight);
    if (controls.isCancelled()) {
      await abort();
      return { status: 'cancelled' };
    }
    const reply = await withRetry(() => finishImport({ organisationId, importId }), delays);
    return { status: 'done', ...reply };
  } catch (error) {
    await Promise.allSettled(inFlight);
    await abort();
    throw error;
  }
}
