// A batch's rows made ready to store, off the import's lock: every row checked, normalised and
// positioned, and each accepted row written as the JSON text of the prospect document the store
// keeps. The compact form's cells are written straight into that text (compileCellsPreparer); the
// `rows` form builds each row's object, draft and document first. Pure (no store), so it runs the
// same in a worker thread (import-worker.ts) or, without one, on the main thread.
// docs/decisions/import-speed.md.
import {
  deriveProspectFields,
  EMPTY_VALUE,
  type ImportMapping,
  type ImportOptions,
  type ImportRow,
  type ImportSummary,
  IMPORT_MESSAGES,
  IMPORT_REJECTIONS,
  importTargetLabel,
  normalisePhone,
  normalisePostalCode,
  normaliseSiret,
  PARSED_EXTRA_KEY,
  prepareImportRow,
  PROSPECT_FIELDS,
  type ProspectField,
  yieldToEventLoop,
} from '@app/domain';
import { collectPaths, type DocShape, noPaths } from '../../db/doc-shape';
import type { MessagePort } from 'node:worker_threads';
import type { OfflinePosition, OfflinePositions } from './offline-positions';
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
  /**
   * The rows' duplicate keys already stored, where the thread that prepared the batch looked them up
   * too (import-worker.ts, DedupLookup); absent otherwise.
   */
  found?: string[];
};

/** A prepared row without its document's text (PreparedInThread). */
export type RowFacts = Omit<ReadyRow, 'body'>;

/**
 * A batch prepared by an import thread whose documents' texts stay off the main thread: they wait in
 * `bodies` (a MessagePort the inserting thread is handed, HeldBodies) while the main thread decides
 * from the rows' facts which ones are stored (docs/decisions/import-speed.md, twelfth pass).
 */
export type PreparedInThread = Omit<PreparedBatch, 'rows'> & { rows: RowFacts[]; bodies: MessagePort };

/**
 * What a PreparedInThread's port holds: the texts of the batch's rows, in file order, in parts of at
 * most HELD_PART_ROWS rows, one message each.
 */
export type HeldBodies = { rowIndexes: number[]; bodies: string[] };

/**
 * Rows per HeldBodies part. The texts leave the preparing thread as soon as a part is ready and are
 * read back part by part as the inserting thread inserts them, so each side holds a few dozen of a
 * batch's texts at a time, never its 2,000: they die young, where a whole batch's texts outlived
 * several scavenges, were copied to the old generation and freed by its collections. 32 rows (about
 * 30 KB of text, 60 KB where a row needs two bytes a character) keep each part's message under the
 * 128 KB above which the workers' allocator maps fresh memory for it (cluster.ts, ALLOCATOR_SETTINGS),
 * whose pages then fault one by one: parts of 250 cost a third more CPU to post and read back.
 * docs/decisions/import-speed.md, seventeenth pass.
 */
export const HELD_PART_ROWS = 32;

/** Where prepareBatch hands each part of the accepted rows' texts as it goes, when given (HeldBodies). */
export type HandOver = (part: HeldBodies) => void;

/** Rows normalised between two turns of the event loop when the preparation runs on the main thread. */
const MAIN_THREAD_SLICE = 500;

/** A row longer than the file's columns is not a row of this file: one bad row each. */
function checkCellCounts(job: PrepareJob, cells: readonly (readonly string[])[], badRows: BadRow[]): void {
  const { columns } = job;
  for (let index = 0; index < cells.length; index += 1)
    if ((cells[index] as readonly string[]).length > columns.length)
      badRows.push({
        index: job.offset + index,
        message: IMPORT_MESSAGES.tooManyCells(job.offset + index + 1, columns.length),
      });
}

/**
 * The compact form's rows as the row objects the rules read (cells in the order of the columns given
 * at start; a missing trailing cell is empty, as the modal pads it). A row longer than the file is bad.
 */
function rowsOfCells(job: PrepareJob, cells: readonly (readonly string[])[], badRows: BadRow[]): ImportRow[] {
  const { columns } = job;
  checkCellCounts(job, cells, badRows);
  const rows: ImportRow[] = new Array<ImportRow>(cells.length);
  for (let index = 0; index < cells.length; index += 1) {
    const line = cells[index] as readonly string[];
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

/** A row of the compact form, decided: skipped, rejected (its reason) or ready to store. */
type CellsOutcome =
  { kind: 'blank' } | { kind: 'rejected'; reason: string } | { kind: 'accepted'; row: ReadyRow };

/** Each standard field's place in PROSPECT_FIELDS. */
const AT = Object.fromEntries(PROSPECT_FIELDS.map((field, index) => [field, index])) as Record<
  ProspectField,
  number
>;
/** The extra-field key of the contacts; a column with that title is renamed (normalise-row.ts). */
const CONTACT_KEY = 'contact';
const RENAMED_CONTACT_COLUMN = 'contact (fichier)';

/**
 * The compact form's rows read straight into the stored document's text: the same rules and the same
 * text, byte for byte, as building each row's object, its draft (prepareImportRow) and the document
 * and then JSON.stringify (`prepareBatchByObjects`; compared in import-rows.test.ts), without the
 * objects in between. What is the same for every row of the import is worked out once here: the
 * cell each field reads, the extra fields' keys in their JSON order, the document's fixed keys and
 * values. Null for columns this shortcut does not follow (a title given twice, '__proto__'): such a
 * file takes the objects' way.
 */
function compileCellsPreparer(
  job: PrepareJob,
  positions: OfflinePositions | undefined,
): ((line: readonly string[], index: number) => CellsOutcome) | null {
  const { columns, mapping, options } = job;
  if (new Set(columns).size !== columns.length || columns.includes('__proto__')) return null;
  const used = new Set<string>();
  const fieldCells = PROSPECT_FIELDS.map((field) => {
    const column = Object.hasOwn(mapping, field) ? mapping[field] : undefined;
    if (column === undefined || column === EMPTY_VALUE) return -1;
    used.add(column);
    return columns.indexOf(column);
  });
  const required = PROSPECT_FIELDS.flatMap((field, index) =>
    options.removeRowsWithout.includes(field)
      ? [{ index, reason: IMPORT_REJECTIONS.emptyField(importTargetLabel(field)) }]
      : [],
  );

  // The extra fields as normalise-row.ts's extraFields writes them: the row's keys in object order
  // (integer-like titles first), renamed 'contact', then the contacts; a later key of the same name
  // keeps the first one's place and takes its value (Object.fromEntries).
  const extraEntries: [string, number][] = [];
  if (options.keepTitle) {
    const row: Record<string, number> = {};
    columns.forEach((column, index) => (row[column] = index));
    for (const [column, index] of Object.entries(row))
      if (!used.has(column) && column !== PARSED_EXTRA_KEY)
        extraEntries.push([column === CONTACT_KEY ? RENAMED_CONTACT_COLUMN : column, index]);
  }
  extraEntries.push([CONTACT_KEY, -1]);
  const extra = Object.entries(Object.fromEntries(extraEntries)).map(([key, index], position) => ({
    prefix: `${position === 0 ? '{' : ','}${JSON.stringify(key)}:`,
    index,
  }));

  // The document's keys in the order they were always stored with (prepareBatchByObjects).
  const fieldKeys = PROSPECT_FIELDS.map(
    (field, index) => `${index === 0 ? '{' : ','}${JSON.stringify(field)}:`,
  );
  const middle =
    `,"organisationId":${JSON.stringify(job.organisationId)},"excelId":${JSON.stringify(job.excelId)}` +
    `,"userId":${JSON.stringify(job.userId)},"isPrivate":${JSON.stringify(job.isPrivate)},"rowIndex":`;
  // The position's keys as the spread of OfflinePositions' answer writes them.
  const positionText = (position: OfflinePosition | null): string =>
    position === null
      ? ''
      : `,"latlng":${JSON.stringify(position.latlng)},"latlngPrecision":${JSON.stringify(position.latlngPrecision)}`;

  const trimmed: string[] = new Array<string>(columns.length);
  const values: string[] = new Array<string>(PROSPECT_FIELDS.length);
  return (line, index) => {
    let blank = true;
    for (let cell = 0; cell < columns.length; cell += 1) {
      const text = (line[cell] ?? '').trim();
      trimmed[cell] = text;
      if (text !== '') blank = false;
    }
    if (blank) return { kind: 'blank' };
    for (let field = 0; field < values.length; field += 1) {
      const cell = fieldCells[field] as number;
      const text = cell === -1 ? '' : (trimmed[cell] as string);
      values[field] = text === '' ? EMPTY_VALUE : text;
    }
    values[AT.codePostale] = normalisePostalCode(values[AT.codePostale] as string);
    values[AT.telephone] = normalisePhone(values[AT.telephone] as string);
    values[AT.siret] = normaliseSiret(values[AT.siret] as string);
    if (values[AT.prospect] === EMPTY_VALUE && values[AT.enseigne] === EMPTY_VALUE)
      return { kind: 'rejected', reason: IMPORT_REJECTIONS.noName };
    for (const { index: field, reason } of required)
      if (values[field] === EMPTY_VALUE) return { kind: 'rejected', reason };

    const fields: Record<ProspectField, string> = {
      prospect: values[AT.prospect] as string,
      enseigne: values[AT.enseigne] as string,
      codePostale: values[AT.codePostale] as string,
      ville: values[AT.ville] as string,
      adresseComplete: values[AT.adresseComplete] as string,
      site: values[AT.site] as string,
      telephone: values[AT.telephone] as string,
      eMail: values[AT.eMail] as string,
      siret: values[AT.siret] as string,
      libelleactivite: values[AT.libelleactivite] as string,
      trancheSalarier: values[AT.trancheSalarier] as string,
      typeEtablissement: values[AT.typeEtablissement] as string,
    };
    const derived = deriveProspectFields(fields);
    let value = '';
    for (const { prefix, index: cell } of extra) {
      const text = cell === -1 ? '' : (trimmed[cell] as string);
      value += prefix + (cell === -1 ? '[]' : JSON.stringify(text === '' ? EMPTY_VALUE : text));
    }
    value += '}';
    let body = '';
    for (let field = 0; field < values.length; field += 1)
      body += (fieldKeys[field] as string) + JSON.stringify(values[field]);
    body +=
      `,"departement":${JSON.stringify(derived.departement)},"region":${JSON.stringify(derived.region)}` +
      `,"searchText":${JSON.stringify(derived.searchText)},"dedupKey":${JSON.stringify(derived.dedupKey)}` +
      `,"siretFlagged":${derived.siretFlagged},"value":${JSON.stringify(value)}` +
      `${middle}${index},"isAccepted":false,"state":null${positions ? positionText(positions.locate(fields)) : ''}}`;
    return {
      kind: 'accepted',
      row: { rowIndex: index, dedupKey: derived.dedupKey, siretFlagged: derived.siretFlagged, body },
    };
  };
}

/**
 * Prepares a batch; `yieldEvery` rows it lets the event loop turn (the main thread serves other calls
 * meanwhile; a worker thread has nothing else to do). With `handOver`, the accepted rows' texts go
 * there in parts of HELD_PART_ROWS as they are written, and the rows returned keep an empty `body`.
 */
export function prepareBatch(
  job: PrepareJob,
  positions: OfflinePositions | undefined,
  yieldEvery = MAIN_THREAD_SLICE,
  handOver?: HandOver,
): Promise<PreparedBatch> {
  return prepareRows(job, positions, yieldEvery, true, handOver);
}

/**
 * prepareBatch building each row's object, draft and document before writing its JSON: the way the
 * `rows` form (and a file the shortcut does not follow) is prepared, and the reference the tests
 * compare the compact form's shortcut with.
 */
export function prepareBatchByObjects(
  job: PrepareJob,
  positions: OfflinePositions | undefined,
  yieldEvery = MAIN_THREAD_SLICE,
): Promise<PreparedBatch> {
  return prepareRows(job, positions, yieldEvery, false);
}

async function prepareRows(
  job: PrepareJob,
  positions: OfflinePositions | undefined,
  yieldEvery: number,
  shortcut: boolean,
  handOver?: HandOver,
): Promise<PreparedBatch> {
  const badRows: BadRow[] = [];
  const ready: ReadyRow[] = [];
  const paths = noPaths();
  const rejected: ImportSummary['rejected'] = [];
  const shapeOf = (): DocShape => ({
    arrays: [...paths.arrays],
    booleans: [...paths.booleans],
    numbers: [...paths.numbers],
  });
  /** How many of `ready`'s texts went to `handOver`. */
  let handed = 0;
  const handOverFrom = () => {
    if (!handOver || handed === ready.length) return;
    const part = ready.slice(handed);
    handOver({ rowIndexes: part.map((row) => row.rowIndex), bodies: part.map((row) => row.body) });
    for (const row of part) row.body = '';
    handed = ready.length;
  };
  const accept = (row: ReadyRow) => {
    ready.push(row);
    if (ready.length - handed === HELD_PART_ROWS) handOverFrom();
  };
  const { cells } = job;
  const preparer = cells && shortcut ? compileCellsPreparer(job, positions) : null;
  if (cells && preparer) {
    checkCellCounts(job, cells, badRows);
    if (badRows.length > 0) return { badRows, rows: ready, shape: shapeOf(), rejected };
    for (let at = 0; at < cells.length; at += 1) {
      if (at > 0 && at % yieldEvery === 0) await yieldToEventLoop();
      const index = job.offset + at;
      const outcome = preparer(cells[at] as readonly string[], index);
      if (outcome.kind === 'rejected') rejected.push({ index, reason: outcome.reason });
      else if (outcome.kind === 'accepted') {
        // Every document of an import holds the same kinds of values at the same paths: the first
        // says them (read before its text is handed over).
        if (ready.length === 0)
          collectPaths(JSON.parse(outcome.row.body) as Record<string, unknown>, '', paths);
        accept(outcome.row);
      }
    }
    handOverFrom();
    return { badRows, rows: ready, shape: shapeOf(), rejected };
  }

  let rows: readonly ImportRow[];
  if (cells) rows = rowsOfCells(job, cells, badRows);
  else {
    rows = job.rows ?? [];
    checkColumns(job, rows, badRows);
  }
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
    accept({
      rowIndex: index,
      dedupKey: doc.dedupKey,
      siretFlagged: doc.siretFlagged,
      body: JSON.stringify(doc),
    });
  }
  handOverFrom();
  return { badRows, rows: ready, shape: shapeOf(), rejected };
}
