import {
  EMPTY_VALUE,
  PROSPECT_FIELDS,
  prepareImportRow,
  type ImportMapping,
  type ImportOptions,
  yieldToEventLoop,
} from '@app/domain';
import { parseFile, type ParsedTable, type ParseProgress, type ParseSettings } from './parse-file';
import { takeBatch, type BatchLimits, type RowBatch } from './row-batches';

/** What step 1 shows and steps 2–3 need; the rows themselves stay in the session. */
export type ParseSummary = {
  kind: ParsedTable['kind'];
  headers: string[];
  rowCount: number;
  encoding: ParsedTable['encoding'];
  delimiter: ParsedTable['delimiter'];
  /** The first rows, for the preview of step 3. */
  sample: string[][];
};

/** Counted in the browser at step 3, before anything is sent. */
export type PreCount = { accepted: number; rejected: number; duplicatesInFile: number; siretFlagged: number };

const SAMPLE_ROWS = 5;
const PRE_COUNT_SLICE = 20_000;

/**
 * One file being imported: parses it, then serves the pre-count of step 3, the batches of the
 * upload and the rejected rows. Runs in the parse worker (or, as a fallback, in the page).
 */
export class ImportSession {
  private table: ParsedTable | null = null;
  private preCountRun = 0;
  private parseRun = 0;

  async parse(
    file: Blob,
    name: string,
    settings: ParseSettings,
    onProgress: (progress: ParseProgress) => void,
  ): Promise<ParseSummary> {
    this.table = null;
    const run = ++this.parseRun;
    const table = await parseFile(file, name, settings, onProgress);
    // The user chose another file or setting meanwhile: that newer parse keeps the table.
    if (run !== this.parseRun) throw new Error('Lecture remplacée par une plus récente');
    this.table = table;
    return {
      kind: table.kind,
      headers: table.headers,
      rowCount: table.rows.length,
      encoding: table.encoding,
      delimiter: table.delimiter,
      sample: table.rows.slice(0, SAMPLE_ROWS),
    };
  }

  /**
   * Rows the import would reject, and duplicates within the file, with the domain's own rules. A newer
   * call (the user changed the mapping again) makes an older one give up: it resolves with null.
   */
  async preCount(mapping: ImportMapping, options: ImportOptions): Promise<PreCount | null> {
    const table = this.requireTable();
    const run = ++this.preCountRun;
    const columns = PROSPECT_FIELDS.map((field) => mapping[field]).filter(
      (column): column is string => column !== undefined && column !== EMPTY_VALUE,
    );
    const indexes = [...new Set(columns)].map((column) => [column, table.headers.indexOf(column)] as const);
    const seen = new Set<string>();
    const count: PreCount = { accepted: 0, rejected: 0, duplicatesInFile: 0, siretFlagged: 0 };
    for (let start = 0; start < table.rows.length; start += PRE_COUNT_SLICE) {
      if (start > 0) {
        await yieldToEventLoop();
        if (run !== this.preCountRun) return null;
      }
      const end = Math.min(start + PRE_COUNT_SLICE, table.rows.length);
      for (let index = start; index < end; index += 1) {
        const cells = table.rows[index] as string[];
        const row: Record<string, string> = {};
        for (const [column, position] of indexes) row[column] = cells[position] ?? '';
        const outcome = prepareImportRow(row, mapping, { ...options, keepTitle: false });
        // The parser already left out blank lines: a row blank in its mapped columns has no name.
        if (outcome.kind !== 'accepted') {
          count.rejected += 1;
          continue;
        }
        count.accepted += 1;
        if (outcome.draft.siretFlagged) count.siretFlagged += 1;
        if (seen.has(outcome.draft.dedupKey)) count.duplicatesInFile += 1;
        else seen.add(outcome.draft.dedupKey);
      }
    }
    return count;
  }

  batch(offset: number, limits?: BatchLimits): RowBatch {
    const table = this.requireTable();
    return takeBatch(table.headers, table.rows, offset, limits);
  }

  /** The cells of the rows at these 0-based indexes (the rejected ones, for their CSV). */
  pick(indexes: readonly number[]): string[][] {
    const table = this.requireTable();
    return indexes.map((index) => table.rows[index] ?? []);
  }

  private requireTable(): ParsedTable {
    if (!this.table) throw new Error('Aucun fichier lu');
    return this.table;
  }
}
