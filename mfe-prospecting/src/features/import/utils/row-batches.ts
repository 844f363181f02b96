import { MAX_IMPORT_BATCH_ROWS } from '@app/domain';

export type CsvRowObject = Record<string, string>;

/** Limits of one request: the API takes 2,000 rows per batch; ~700 KB keeps /load under its 1 MB. */
export const BATCH_LIMITS = { maxRows: MAX_IMPORT_BATCH_ROWS, maxBytes: 700_000 } as const;

export type BatchLimits = { maxRows: number; maxBytes: number };

/**
 * Rows `offset` to `end` (excluded) in the compact form the API takes (`cells`): each row its cells in
 * the columns' order, padded or cut to them, the titles sent once at start.
 */
export type RowBatch = { offset: number; cells: string[][]; end: number };

/** The row as the API takes it: cells keyed by their (unique) column title. */
export function rowObject(headers: readonly string[], cells: readonly string[]): CsvRowObject {
  const row: CsvRowObject = {};
  headers.forEach((header, index) => {
    row[header] = cells[index] ?? '';
  });
  return row;
}

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      length += 4;
      i += 1;
    } else length += 3;
  }
  return length;
}

/** A row's cells, one per column: missing ones empty, surplus ones dropped (as rowObject does). */
function cellsOf(headers: readonly string[], cells: readonly string[]): string[] {
  if (cells.length === headers.length) return cells as string[];
  return headers.map((_, index) => cells[index] ?? '');
}

/**
 * The rows from `offset` that fit in one request: at most `maxRows`, and at most `maxBytes` of JSON
 * as row objects (always at least one row, whose cells the parser already bounded). The bound is that
 * of the object form, so a first batch holding the whole file fits the spec's /load.
 */
export function takeBatch(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  offset: number,
  limits: BatchLimits = BATCH_LIMITS,
): RowBatch {
  // {"title":cell,...}: each title once per row, with its quotes, colon and comma.
  const titlesBytes = headers.reduce((total, header) => total + utf8Length(JSON.stringify(header)) + 2, 1);
  const batch: string[][] = [];
  let bytes = 2;
  let index = offset;
  while (index < rows.length && batch.length < limits.maxRows) {
    const cells = cellsOf(headers, rows[index] as string[]);
    const size = utf8Length(JSON.stringify(cells)) + titlesBytes;
    if (batch.length > 0 && bytes + size > limits.maxBytes) break;
    batch.push(cells);
    bytes += size;
    index += 1;
  }
  return { offset, cells: batch, end: index };
}
