import {
  type DuplicatePolicy,
  IMPORT_BUSY_CODE,
  IMPORT_ROWS_MISSING_CODE,
  type ImportMapping,
  type ImportOptions,
  type ImportResult,
  type ImportRowsReply,
} from '@app/domain';
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
 * A batch refused with 409 is sent again this many times at most, when the server says it may be:
 * ROWS_MISSING (it came before the rows ahead of it, which did not come within the server's wait) once
 * the batch before it is acknowledged, IMPORT_BUSY (another call held the import for the server's
 * whole wait: a holder killed leaves a lease) at once. docs/decisions/every-core.md, "A batch sent
 * ahead, at a worker killed or stalled".
 */
export const MAX_BATCH_RESENDS = 3;

/** A batch on its way: its acknowledgement, and a way to send it again beside the attempt under way. */
type SentBatch<T> = { acknowledged: Promise<T>; sendAgain(): void };

/** `send` with withRetry, and again after a 409 the server marks as one to send again (above). */
async function sendWithResends<T>(
  send: () => Promise<T>,
  before: SentBatch<unknown> | null,
  delays: readonly number[],
): Promise<T> {
  for (let resent = 0; ; resent += 1) {
    try {
      return await withRetry(send, delays);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || resent >= MAX_BATCH_RESENDS) throw error;
      if (error.code === IMPORT_ROWS_MISSING_CODE && before) {
        // The batch before did not reach the server in time: its request may be lost on the way (a
        // worker killed before it read the call, whose connection then never ends), so it goes again
        // beside its first attempt; a failed batch before fails the import, through this await too.
        before.sendAgain();
        await before.acknowledged;
      } else if (error.code !== IMPORT_BUSY_CODE) throw error;
    }
  }
}

/**
 * Sends one batch (sendWithResends). `sendAgain` starts another attempt beside the one under way: the
 * first acknowledgement counts, and the latest attempt's failure fails the batch (an earlier attempt
 * may never end). The server stores a batch once, however many attempts reach it.
 */
function sendBatch<T>(
  send: () => Promise<T>,
  before: SentBatch<unknown> | null,
  delays: readonly number[],
): SentBatch<T> {
  let settled = false;
  let latest = 0;
  let settle: { resolve: (reply: T) => void; reject: (error: unknown) => void } | undefined;
  const acknowledged = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const attempt = () => {
    latest += 1;
    const mine = latest;
    sendWithResends(send, before, delays).then(
      (reply) => {
        settled = true;
        settle?.resolve(reply);
      },
      (error: unknown) => {
        if (mine !== latest) return;
        settled = true;
        settle?.reject(error);
      },
    );
  };
  attempt();
  return {
    acknowledged,
    sendAgain: () => {
      if (!settled) attempt();
    },
  };
}

/**
 * Sends the parsed file: in one /api/prospect/load when it fits in one request, else through
 * import/start, import/rows batches in the compact form, UPLOAD_IN_FLIGHT at a time (retried, and
 * sent again after the 409s sendBatch names: the server ignores an offset it already has) and import/finish. A cancelled or failed import is aborted, so nothing of it stays.
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
  // The batch before the one being sent (sendWithResends).
  let before: SentBatch<unknown> | null = null;
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
      const batchSent: SentBatch<ImportRowsReply> = sendBatch(
        () => sendImportRows({ organisationId, importId, offset: current.offset, cells: current.cells }),
        before,
        delays,
      );
      before = batchSent;
      const sending = batchSent.acknowledged.then((reply) => {
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
