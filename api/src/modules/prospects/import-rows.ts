// A batch's rows made ready to store, off the import's lock: the compact form's cells as row objects,
// every row checked, normalised and positioned, and each accepted row built as the prospect document
// it will be, written as the JSON text the store keeps. Pure (no store), so it runs the same in a worker thread (import-worker.ts) or, without
// one, on the main thread. docs/decisions/import-speed.md.
import {
  type ImportMapping,
  type ImportOptions,
  type ImportRow,
  type ImportSummary,
  IMPORT_MESSAGES,
  PARSED_EXTRA_KEY,
  prepareImportRow,
  yieldToEventLoop,
} from '@app/domain';
import { collectPaths, type DocShape, noPaths } from '../../db/doc-shape';
import type { OfflinePositions } from './offline-positions';
import type { NewProspect } from './repository';

/** What a batch's preparation needs: the import's settings and the rows as they were sent. */
export type PrepareJob = {
  organisationId: string;
  excelId: string;
  userId: string;
  isPrivate: boolean;
  columns: readonly string[];
  mapping: ImportMapping;
  options: ImportOptions;
  /** File index of the first row sent. */
  offset: number;
  cells?: readonly (readonly string[])[];
  rows?: readonly ImportRow[];
};

/** A row that is not a row of this file (too many cells, an undeclared column): the batch is refused. */
export type BadRow = { index: number; message: string };

/**
 * An accepted row ready to store: what the import reads before storing it (its place, its duplicate
 * key, its SIRET flag) and the prospect document as the JSON text the store keeps. Written where the
 * row is prepared (a worker thread, when there is one), so the event loop does not serialise it.
 */
export type ReadyRow = { rowIndex: number; dedupKey: string; siretFlagged: boolean; body: string };

export type PreparedBatch = {
  /** Set when some row is malformed; then nothing else is prepared. */
  badRows: BadRow[];
  /** The accepted rows, in file order. */
  rows: ReadyRow[];
  /** The paths the accepted documents hold arrays, booleans and numbers at (the store's registry). */
  shape: DocShape;
  /** Every rejected row of the batch (file index and reason), in file order. */
  rejected: ImportSummary['rejected'];
};

/** Rows normalised between two turns of the event loop when the preparation runs on the main thread. */
const MAIN_THREAD_SLICE = 500;

/**
 * The compact form's rows as the row objects the rules read (cells in the order of the columns given
 * at start; a missing trailing cell is empty, as the modal pads it). A row longer than the file is bad.
 */
function rowsOfCells(job: PrepareJob, cells: readonly (readonly string[])[], badRows: BadRow[]): ImportRow[] {
  const { columns } = job;
  const rows: ImportRow[] = new Array<ImportRow>(cells.length);
  for (let index = 0; index < cells.length; index += 1) {
    const line = cells[index] as readonly string[];
    if (line.length > columns.length) {
      badRows.push({
        index: job.offset + index,
        message: IMPORT_MESSAGES.tooManyCells(job.offset + index + 1, columns.length),
      });
      continue;
    }
    // Plain assignments (no pair arrays per cell): start refused the titles '__proto__',
    // 'constructor' and 'prototype' (importStartSchema), so each title is an ordinary own key.
    const row: ImportRow = {};
    for (let at = 0; at < columns.length; at += 1) row[columns[at] as string] = line[at] ?? '';
    rows[index] = row;
  }
  return rows;
}

/** The first column of each row the file did not declare at start. */
function checkColumns(job: PrepareJob, rows: readonly ImportRow[], badRows: BadRow[]): void {
  const known = new Set(job.columns);
  rows.forEach((row, index) => {
    const unknown = Object.keys(row).find((column) => column !== PARSED_EXTRA_KEY && !known.has(column));
    if (unknown !== undefined)
      badRows.push({ index: job.offset + index, message: IMPORT_MESSAGES.unknownColumn(unknown) });
  });
}

/**
 * Prepares a batch; `yieldEvery` rows it lets the event loop turn (the main thread serves other calls
 * meanwhile; a worker thread has nothing else to do).
 */
export async function prepareBatch(
  job: PrepareJob,
  positions: OfflinePositions | undefined,
  yieldEvery = MAIN_THREAD_SLICE,
): Promise<PreparedBatch> {
  const badRows: BadRow[] = [];
  let rows: readonly ImportRow[];
  if (job.cells) rows = rowsOfCells(job, job.cells, badRows);
  else {
    rows = job.rows ?? [];
    checkColumns(job, rows, badRows);
  }
  const ready: ReadyRow[] = [];
  const paths = noPaths();
  const rejected: ImportSummary['rejected'] = [];
  const shapeOf = (): DocShape => ({
    arrays: [...paths.arrays],
    booleans: [...paths.booleans],
    numbers: [...paths.numbers],
  });
  if (badRows.length > 0) return { badRows, rows: ready, shape: shapeOf(), rejected };
  for (let at = 0; at < rows.length; at += 1) {
    if (at > 0 && at % yieldEvery === 0) await yieldToEventLoop();
    const index = job.offset + at;
    const outcome = prepareImportRow(rows[at] as ImportRow, job.mapping, job.options);
    if (outcome.kind === 'rejected') rejected.push({ index, reason: outcome.reason });
    if (outcome.kind !== 'accepted') continue;
    // The keys in the order the documents were always stored with.
    const doc: NewProspect = {
      ...outcome.draft,
      organisationId: job.organisationId,
      excelId: job.excelId,
      userId: job.userId,
      isPrivate: job.isPrivate,
      rowIndex: index,
      isAccepted: false,
      state: null,
      ...positions?.locate(outcome.draft),
    };
    collectPaths(doc as unknown as Record<string, unknown>, '', paths);
    ready.push({
      rowIndex: index,
      dedupKey: doc.dedupKey,
      siretFlagged: doc.siretFlagged,
      body: JSON.stringify(doc),
    });
  }
  return { badRows, rows: ready, shape: shapeOf(), rejected };
}
