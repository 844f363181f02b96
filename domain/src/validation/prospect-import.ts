// Every prospect-file call of the API (SPEC §7 "Prospects and imports", the batched import of
// issue 8 and /api/opportunity/create). Limits and their reasons: docs/decisions/prospect-import.md.
import { z } from '../zod';
import { PROSPECT_FIELDS, type ProspectField } from '../prospect-fields';
import { DEFAULT_IMPORT_OPTIONS, DUPLICATE_POLICIES } from '../prospects/import-targets';
import { fieldError, ID_PATTERN, idField, OBJECT_ERROR } from './fields';
import { importTitleField } from './import-title';
import { MESSAGES } from './messages';

/** Rows of one file, whichever way it is sent (one /load or many /import/rows). */
export const MAX_IMPORT_ROWS = 1_000_000;
export const MAX_IMPORT_COLUMNS = 200;
/** Rows of one /api/prospect/import/rows call: about 1 MB of JSON for a 12-column file. */
export const MAX_IMPORT_BATCH_ROWS = 2000;
export const MAX_CELL_LENGTH = 2000;
export const MAX_COLUMN_NAME_LENGTH = 200;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_PROSPECT_PAGE = 1000;
export const DEFAULT_PROSPECT_PAGE = 500;

/** The JSON body limit of /api/prospect/import/rows (the other calls keep the default 1 MB). */
export const IMPORT_BATCH_BODY_LIMIT = '4mb';

export const IMPORT_MESSAGES = {
  forbiddenColumn: (title: string) => `Titre de colonne interdit : ${title}`,
  duplicateColumn: (title: string) => `La colonne « ${title} » apparaît deux fois`,
  unknownColumn: (title: string) => `La colonne « ${title} » n’existe pas dans le fichier`,
  unknownTarget: 'Valeur invalide pour le champ correspondance des colonnes',
  rowsOrCells: 'Un lot porte ses lignes soit en « rows », soit en « cells »',
  tooManyCells: (row: number, columns: number) =>
    `La ligne ${row} a plus de cellules que le fichier n’a de colonnes (${columns})`,
} as const;

/** papaparse's key for the surplus cells of a ragged row: accepted in rows, never a column. */
export const PARSED_EXTRA_KEY = '__parsed_extra';

// Keys that would reach an object's prototype in code less careful than ours: refused, not dropped.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const cellLabel = 'cellule';
const scalarCell = z.union(
  [
    z.string().max(MAX_CELL_LENGTH, MESSAGES.tooLong(cellLabel, MAX_CELL_LENGTH)),
    z.number(),
    z.boolean(),
    z.null(),
  ],
  { error: fieldError(cellLabel) },
);

// Rows as the CSV parser gives them, values typed dynamically; papaparse puts the surplus fields of
// a ragged row in an array, which is accepted rather than failing the whole import.
const cell = z.union([scalarCell, z.array(scalarCell).max(MAX_IMPORT_COLUMNS)], {
  error: fieldError(cellLabel),
});

/** A cell of the compact batch form: text, as the import modal's parser gives it. */
const compactCell = z
  .string({ error: fieldError(cellLabel) })
  .max(MAX_CELL_LENGTH, MESSAGES.tooLong(cellLabel, MAX_CELL_LENGTH));

const columnName = z
  .string({ error: fieldError('colonne') })
  .max(MAX_COLUMN_NAME_LENGTH, MESSAGES.tooLong('colonne', MAX_COLUMN_NAME_LENGTH))
  .refine((title) => !PROTOTYPE_KEYS.has(title), {
    error: (issue) => IMPORT_MESSAGES.forbiddenColumn(String(issue.input)),
  });

// zod's record skips a '__proto__' key without a word: look at the raw object first, so such a
// title is refused like the others instead of silently losing a column.
function refusePrototypeKeys<S extends z.ZodType>(schema: S) {
  return z.preprocess((value, ctx) => {
    if (typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')) {
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.forbiddenColumn('__proto__'), input: value });
      return z.NEVER;
    }
    return value;
  }, schema);
}

const row = refusePrototypeKeys(
  z
    .record(columnName, cell, { error: fieldError('ligne') })
    .refine(
      (value) => Object.keys(value).length <= MAX_IMPORT_COLUMNS + 1,
      MESSAGES.tooMany('ligne', MAX_IMPORT_COLUMNS),
    ),
);

/** The parsed rows of a CSV file: an empty file gives 'Fichier vide' (SPEC §5). */
export const importRowsSchema = z
  .array(row, { error: fieldError('fichier', MESSAGES.emptyFile) })
  .min(1, MESSAGES.emptyFile)
  .max(MAX_IMPORT_ROWS, MESSAGES.tooMany('fichier', MAX_IMPORT_ROWS));

const isTarget = (key: string): key is ProspectField => (PROSPECT_FIELDS as readonly string[]).includes(key);

/** Target field -> source column, or 'Aucun' when the target is not mapped. Only our 12 targets. */
export const importMappingSchema = z
  .record(z.string({ error: fieldError('correspondance des colonnes') }), columnName, {
    error: fieldError('correspondance des colonnes'),
  })
  .refine((value) => Object.keys(value).every(isTarget), IMPORT_MESSAGES.unknownTarget)
  .transform((value) => value as Partial<Record<ProspectField, string>>);

// Strict: an options object carrying anything else (an operator, a typo) is refused, not ignored.
export const importOptionsSchema = z
  .strictObject(
    {
      keepTitle: z
        .boolean({ error: fieldError('conserver les titres') })
        .default(DEFAULT_IMPORT_OPTIONS.keepTitle),
      removeRowsWithout: z
        .array(z.enum(PROSPECT_FIELDS, { error: fieldError('supprimer la ligne') }), {
          error: fieldError('supprimer la ligne'),
        })
        .max(PROSPECT_FIELDS.length, MESSAGES.tooMany('supprimer la ligne', PROSPECT_FIELDS.length))
        .default([]),
    },
    { error: fieldError('options') },
  )
  .default({ ...DEFAULT_IMPORT_OPTIONS, removeRowsWithout: [] });

const duplicatesPolicy = z.enum(DUPLICATE_POLICIES, { error: fieldError('doublons') }).default('skip');

const isPrivate = z.boolean({ error: fieldError('accès') });

/** Adds an issue for every mapped column that is not one of `columns`. */
function checkMappedColumns(
  mapping: Partial<Record<ProspectField, string>>,
  columns: ReadonlySet<string>,
  ctx: z.RefinementCtx,
): void {
  for (const [target, column] of Object.entries(mapping)) {
    if (column === undefined || column === 'Aucun' || columns.has(column)) continue;
    ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.unknownColumn(column), path: ['value', target] });
  }
}

/**
 * /api/prospect/load (the spec's one-shot payload, bounded by the 1 MB body limit), in the order
 * the import modal asks for things: the file, its title and access, then the column mapping.
 */
export const prospectImportSchema = z
  .object(
    {
      exel: importRowsSchema,
      name: importTitleField,
      isPrivate,
      value: importMappingSchema,
      duplicates: duplicatesPolicy,
      options: importOptionsSchema,
    },
    OBJECT_ERROR,
  )
  .superRefine((input, ctx) => {
    const headers = new Set<string>();
    for (const parsed of input.exel) for (const key of Object.keys(parsed)) headers.add(key);
    checkMappedColumns(input.value, headers, ctx);
  });

/** /api/prospect/import/start: everything but the rows, which follow in batches. */
export const importStartSchema = z
  .object(
    {
      name: importTitleField,
      isPrivate,
      value: importMappingSchema,
      columns: z
        .array(
          columnName.refine((title) => title !== PARSED_EXTRA_KEY, {
            error: (issue) => IMPORT_MESSAGES.forbiddenColumn(String(issue.input)),
          }),
          {
            error: fieldError('colonnes'),
          },
        )
        .min(1, MESSAGES.emptyFile)
        .max(MAX_IMPORT_COLUMNS, MESSAGES.tooMany('colonnes', MAX_IMPORT_COLUMNS)),
      totalRows: z
        .number({ error: fieldError('nombre de lignes') })
        .int(MESSAGES.invalidType('nombre de lignes'))
        .min(1, MESSAGES.emptyFile)
        .max(MAX_IMPORT_ROWS, MESSAGES.tooMany('fichier', MAX_IMPORT_ROWS)),
      duplicates: duplicatesPolicy,
      options: importOptionsSchema,
    },
    OBJECT_ERROR,
  )
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const column of input.columns) {
      if (seen.has(column))
        ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.duplicateColumn(column), path: ['columns'] });
      seen.add(column);
    }
    checkMappedColumns(input.value, seen, ctx);
  });

const importId = idField('import', MESSAGES.invalidId);
const excelId = idField('fichier', MESSAGES.invalidId);
const prospectId = idField('prospect', MESSAGES.invalidId);

/** /api/prospect/import/rows: one batch; `offset` is the file index of its first row. */
export const importBatchSchema = z
  .object(
    {
      importId,
      offset: z
        .number({ error: fieldError('position') })
        .int(MESSAGES.invalidType('position'))
        .min(0, MESSAGES.invalidType('position'))
        .max(MAX_IMPORT_ROWS, MESSAGES.invalidType('position')),
      rows: z
        .array(row, { error: fieldError('lignes') })
        .min(1, MESSAGES.emptyFile)
        .max(MAX_IMPORT_BATCH_ROWS, MESSAGES.tooMany('lignes', MAX_IMPORT_BATCH_ROWS))
        .optional(),
      // The compact form (our import modal): each row its cells in the order of the columns given at
      // start, no title repeated per row; about half the bytes and a quarter of the validation time.
      cells: z
        .array(
          z
            .array(compactCell, { error: fieldError('ligne') })
            .max(MAX_IMPORT_COLUMNS, MESSAGES.tooMany('ligne', MAX_IMPORT_COLUMNS)),
          {
            error: fieldError('lignes'),
          },
        )
        .min(1, MESSAGES.emptyFile)
        .max(MAX_IMPORT_BATCH_ROWS, MESSAGES.tooMany('lignes', MAX_IMPORT_BATCH_ROWS))
        .optional(),
    },
    OBJECT_ERROR,
  )
  .superRefine((input, ctx) => {
    if ((input.rows === undefined) === (input.cells === undefined))
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.rowsOrCells, path: ['rows'] });
  });

/** A batch's cells when every row is a list of texts within the limits; null otherwise. */
function plainCells(cells: unknown): string[][] | null {
  if (!Array.isArray(cells) || cells.length < 1 || cells.length > MAX_IMPORT_BATCH_ROWS) return null;
  for (const line of cells as unknown[]) {
    if (!Array.isArray(line) || line.length > MAX_IMPORT_COLUMNS) return null;
    for (const text of line as unknown[])
      if (typeof text !== 'string' || text.length > MAX_CELL_LENGTH) return null;
  }
  return cells as string[][];
}

/**
 * importBatchSchema's output for the body the import modal sends (the compact form, every cell a text
 * within the limits), without zod's pass over each of its cells (about 24,000 per batch of a 12-column
 * file: a quarter of the API's event loop during an import); undefined for any other body, which the
 * schema then decides and, when wrong, phrases. Accepts nothing the schema refuses and gives what it
 * would (prospect-import.test.ts compares them).
 */
export function quickImportBatch(body: unknown): ImportBatchData | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { importId, offset, rows, cells } = body as Record<string, unknown>;
  if (typeof importId !== 'string' || rows !== undefined) return undefined;
  const id = importId.toLowerCase();
  if (!ID_PATTERN.test(id)) return undefined;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_IMPORT_ROWS)
    return undefined;
  const plain = plainCells(cells);
  return plain === null ? undefined : { importId: id, offset, cells: plain };
}

/**
 * The `code` of a batch's 409 when it arrived before the rows ahead of it were stored and they did
 * not come within the server's wait: nothing of it was stored, and it is sent again once the batch
 * before it is acknowledged (docs/decisions/every-core.md, "A batch sent ahead").
 */
export const IMPORT_ROWS_MISSING_CODE = 'ROWS_MISSING';
/**
 * The `code` of a batch's 409 when another call held its import for the whole wait (a retry racing its
 * first attempt, or a holder killed: its lease expires): nothing was stored, it may be sent again.
 */
export const IMPORT_BUSY_CODE = 'IMPORT_BUSY';

/** /api/prospect/import/finish and /abort. */
export const importIdSchema = z.object({ importId }, OBJECT_ERROR);

/** /api/prospect/createManual: an empty list to which opportunities can be added. */
export const createManualFileSchema = z.object({ name: importTitleField, isPrivate }, OBJECT_ERROR);

/** /api/prospect/get/excel/one and /api/prospect/delete. */
export const excelIdSchema = z.object({ excelId }, OBJECT_ERROR);

/** /api/prospect/get/value: one page of a file's prospects, in file order, optionally searched. */
export const prospectPageSchema = z.object(
  {
    excelId,
    search: z
      .string({ error: fieldError('recherche') })
      .max(MAX_SEARCH_LENGTH, MESSAGES.tooLong('recherche', MAX_SEARCH_LENGTH))
      .optional(),
    offset: z
      .number({ error: fieldError('position') })
      .int(MESSAGES.invalidType('position'))
      .min(0, MESSAGES.invalidType('position'))
      .max(MAX_IMPORT_ROWS, MESSAGES.invalidType('position'))
      .default(0),
    limit: z
      .number({ error: fieldError('nombre de lignes') })
      .int(MESSAGES.invalidType('nombre de lignes'))
      .min(1, MESSAGES.invalidType('nombre de lignes'))
      .max(MAX_PROSPECT_PAGE, MESSAGES.tooMany('page', MAX_PROSPECT_PAGE))
      .default(DEFAULT_PROSPECT_PAGE),
  },
  OBJECT_ERROR,
);

/** /api/prospect/setLatLng and /api/opportunity/create. */
export const prospectIdSchema = z.object({ prospectId }, OBJECT_ERROR);

export type ImportRow = z.output<typeof row>;
export type ProspectImportInput = z.input<typeof prospectImportSchema>;
export type ProspectImportData = z.output<typeof prospectImportSchema>;
export type ImportStartInput = z.input<typeof importStartSchema>;
export type ImportStartData = z.output<typeof importStartSchema>;
export type ImportBatchInput = z.input<typeof importBatchSchema>;
export type ImportBatchData = z.output<typeof importBatchSchema>;
export type ProspectPageInput = z.input<typeof prospectPageSchema>;
export type ProspectPageData = z.output<typeof prospectPageSchema>;
export type CreateManualFileInput = z.input<typeof createManualFileSchema>;
