import Papa, { type Parser, type ParseResult } from 'papaparse';
import { readSheet } from 'read-excel-file/web-worker';
import {
  formatDate,
  guessDelimiter,
  MAX_CELL_LENGTH,
  MAX_COLUMN_NAME_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MESSAGES,
  readText,
  uniqueHeaders,
  type Delimiter,
  type FileEncoding,
  yieldToEventLoop,
} from '@app/domain';

export type FileKind = 'csv' | 'xlsx';

/** What the user may force at step 1; 'auto' = detected. */
export type ParseSettings = { encoding: FileEncoding | 'auto'; delimiter: Delimiter | 'auto' };

export const AUTO_SETTINGS: ParseSettings = { encoding: 'auto', delimiter: 'auto' };

/** Rows as arrays of text with one header list: a million objects would not fit as well. */
export type ParsedTable = {
  kind: FileKind;
  headers: string[];
  rows: string[][];
  /** Encoding and delimiter used for a CSV file (null for .xlsx). */
  encoding: FileEncoding | null;
  delimiter: Delimiter | null;
};

export type ParseProgress = { rows: number; fraction: number };

/** A file the import cannot take, with the French message shown at step 1. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

export const IMPORT_FILE_MESSAGES = {
  emptyFile: MESSAGES.emptyFile,
  unsupported: 'Format non pris en charge : choisissez un fichier .csv ou .xlsx',
  unreadable: 'Impossible de lire ce fichier Excel',
  tooManyRows: `Le fichier dépasse ${MAX_IMPORT_ROWS.toLocaleString('fr-FR')} lignes`,
  tooManyColumns: `Le fichier dépasse ${MAX_IMPORT_COLUMNS} colonnes`,
  headerTooLong: (column: number) =>
    `Le titre de la colonne ${column} dépasse ${MAX_COLUMN_NAME_LENGTH} caractères`,
  cellTooLong: (line: number) =>
    `La ligne ${line} contient une cellule de plus de ${MAX_CELL_LENGTH} caractères`,
} as const;

const CSV_CHUNK_BYTES = 1 << 20;
const DELIMITER_SAMPLE = 64 * 1024;

export function fileKindOf(name: string): FileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** Checks the limits the API enforces, so the user learns it at step 1 with the line at fault. */
function collect(table: string[][], row: string[], headerCount: number): void {
  if (row.length > MAX_IMPORT_COLUMNS) throw new ImportFileError(IMPORT_FILE_MESSAGES.tooManyColumns);
  for (const cell of row) {
    if (cell.length > MAX_CELL_LENGTH) {
      // `table` holds the header line too; lines are counted from 1, blank lines aside.
      throw new ImportFileError(IMPORT_FILE_MESSAGES.cellTooLong(table.length + 1));
    }
  }
  if (table.length > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_FILE_MESSAGES.tooManyRows);
  while (row.length < headerCount) row.push('');
  table.push(row);
}

function tableFrom(
  kind: FileKind,
  raw: string[][],
  encoding: FileEncoding | null,
  delimiter: Delimiter | null,
) {
  const [header, ...rows] = raw;
  if (!header || rows.length === 0) throw new ImportFileError(IMPORT_FILE_MESSAGES.emptyFile);
  const width = Math.max(header.length, ...rows.slice(0, 1000).map((row) => row.length));
  const names = [...header];
  while (names.length < width) names.push('');
  names.forEach((name, index) => {
    if (name.length > MAX_COLUMN_NAME_LENGTH)
      throw new ImportFileError(IMPORT_FILE_MESSAGES.headerTooLong(index + 1));
  });
  // A row longer than the header gets "Colonne <n>" titles for its extra cells.
  let headers = uniqueHeaders(names);
  for (const row of rows) {
    if (row.length > headers.length)
      headers = uniqueHeaders([...headers, ...Array<string>(row.length - headers.length).fill('')]);
  }
  if (headers.length > MAX_IMPORT_COLUMNS) throw new ImportFileError(IMPORT_FILE_MESSAGES.tooManyColumns);
  return { kind, headers, rows, encoding, delimiter };
}

async function parseCsv(file: Blob, settings: ParseSettings, onProgress: (progress: ParseProgress) => void) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { text, encoding } = readText(bytes, settings.encoding);
  const delimiter =
    settings.delimiter === 'auto' ? guessDelimiter(text.slice(0, DELIMITER_SAMPLE)) : settings.delimiter;
  const raw: string[][] = [];
  let headerCount = 0;

  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(text, {
      delimiter,
      // Every value stays text: "01000" must not become 1000 (TOOLCHAIN.md pitfall 10).
      dynamicTyping: false,
      skipEmptyLines: 'greedy',
      chunkSize: CSV_CHUNK_BYTES,
      chunk: (results: ParseResult<string[]>, parser: Parser) => {
        try {
          for (const row of results.data) {
            if (headerCount === 0) headerCount = row.length;
            collect(raw, row, headerCount);
          }
        } catch (error) {
          // abort() calls complete(), which must not win over the error.
          reject(error);
          parser.abort();
          return;
        }
        onProgress({
          rows: Math.max(0, raw.length - 1),
          fraction: results.meta.cursor / Math.max(1, text.length),
        });
        parser.pause();
        void yieldToEventLoop().then(() => parser.resume());
      },
      complete: () => resolve(),
    });
  });
  return tableFrom('csv', raw, encoding, delimiter);
}

function excelCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return formatDate(cell.getTime());
  return String(cell);
}

async function parseXlsx(file: Blob, onProgress: (progress: ParseProgress) => void) {
  let sheet: unknown[][];
  try {
    // Numbers keep the text Excel stored, so nothing is rounded or put in exponent form.
    sheet = await readSheet<string>(file, { parseNumber: (value: string) => value });
  } catch {
    throw new ImportFileError(IMPORT_FILE_MESSAGES.unreadable);
  }
  const raw: string[][] = [];
  let headerCount = 0;
  for (const cells of sheet) {
    const row = cells.map(excelCellText);
    if (row.every((cell) => cell.trim() === '')) continue;
    if (headerCount === 0) headerCount = row.length;
    collect(raw, row, headerCount);
  }
  onProgress({ rows: Math.max(0, raw.length - 1), fraction: 1 });
  return tableFrom('xlsx', raw, null, null);
}

/**
 * Reads a .csv (UTF-8 or Windows-1252, ';' ',' or tab) or .xlsx file into a header list and rows of
 * text, in chunks that give the event loop a turn and report the rows read so far.
 */
export async function parseFile(
  file: Blob,
  name: string,
  settings: ParseSettings,
  onProgress: (progress: ParseProgress) => void,
): Promise<ParsedTable> {
  const kind = fileKindOf(name);
  if (kind === null) throw new ImportFileError(IMPORT_FILE_MESSAGES.unsupported);
  return kind === 'csv' ? parseCsv(file, settings, onProgress) : parseXlsx(file, onProgress);
}
