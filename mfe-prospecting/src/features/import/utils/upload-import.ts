import type { DuplicatePolicy, ImportMapping, ImportOptions, ImportResult } from '@app/domain';
import { ApiError } from '@app/platform';
import { abortImport } from '../api/abort-import';
import { finishImport } from '../api/finish-import';
import { loadProspects } from '../api/load-prospects';
import { sendImportRows } from '../api/send-import-rows';
import { startImport } from '../api/start-import';
import type { FileParser } from './file-parser';

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
 * import/start, sequential import/rows batches (retried: the server ignores an offset it already
 * has) and import/finish. A cancelled or failed import is aborted, so nothing of it stays.
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
      exel: batch.rows,
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
  try {
    for (;;) {
      if (controls.isCancelled()) {
        await abort();
        return { status: 'cancelled' };
      }
      const current = batch;
      // The worker prepares the next batch while this one travels.
      const next = current.end < request.rowCount ? parser.batch(current.end) : null;
      await withRetry(
        () => sendImportRows({ organisationId, importId, offset: current.offset, rows: current.rows }),
        delays,
      );
      controls.onProgress(current.end);
      if (!next) break;
      batch = await next;
    }
    if (controls.isCancelled()) {
      await abort();
      return { status: 'cancelled' };
    }
    const reply = await withRetry(() => finishImport({ organisationId, importId }), delays);
    return { status: 'done', ...reply };
  } catch (error) {
    await abort();
    throw error;
  }
}
