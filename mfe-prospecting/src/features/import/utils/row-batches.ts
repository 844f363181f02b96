import { MAX_IMPORT_BATCH_ROWS } from '@app/domain';

export type CsvRowObject = Record<string, string>;

/** Limits of one request: the API takes 2,000 rows per batch; ~700 KB keeps /load under its 1 MB. */
export const BATCH_LIMITS = { maxRows: MAX_IMPORT_BATCH_ROWS, maxBytes: 700_000 } as const;

export type BatchLimits = { maxRows: number; maxBytes: number };

export type RowBatch = { offset: number; rows: CsvRowObject[]; end: number };

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

/**
 * The rows from `offset` that fit in one request: at most `maxRows`, and at most `maxBytes` of JSON
 * (always at least one row, whose cells the parser already bounded).
 */
export function takeBatch(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  offset: number,
  limits: BatchLimits = BATCH_LIMITS,
): RowBatch {
  const batch: CsvRowObject[] = [];
  let bytes = 2;
  let index = offset;
  while (index < rows.length && batch.length < limits.maxRows) {
    const row = rowObject(headers, rows[index] as string[]);
    const size = utf8Length(JSON.stringify(row)) + 1;
    if (batch.length > 0 && bytes + size > limits.maxBytes) break;
    batch.push(row);
    bytes += size;
    index += 1;
  }
  return { offset, rows: batch, end: index };
}
