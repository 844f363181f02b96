import { z } from 'zod';
import { fieldError, OBJECT_ERROR } from './fields';
import { importTitleField } from './import-title';
import { MESSAGES } from './messages';

export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_COLUMNS = 200;
const MAX_CELL_LENGTH = 2000;
const MAX_COLUMN_NAME_LENGTH = 200;

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

const columnName = z
  .string({ error: fieldError('colonne') })
  .max(MAX_COLUMN_NAME_LENGTH, MESSAGES.tooLong('colonne', MAX_COLUMN_NAME_LENGTH));

const row = z
  .record(columnName, cell, { error: fieldError('ligne') })
  .refine(
    (value) => Object.keys(value).length <= MAX_IMPORT_COLUMNS,
    MESSAGES.tooMany('ligne', MAX_IMPORT_COLUMNS),
  );

/** The parsed rows of a CSV file: an empty file gives 'Fichier vide' (SPEC §5). */
export const importRowsSchema = z
  .array(row, { error: fieldError('fichier', MESSAGES.emptyFile) })
  .min(1, MESSAGES.emptyFile)
  .max(MAX_IMPORT_ROWS, MESSAGES.tooMany('fichier', MAX_IMPORT_ROWS));

// Targets are our own field identifiers (prospect, codePostale…), so nothing like '$gt' or 'a.b'
// can become a stored key or a query path.
const targetField = z
  .string({ error: fieldError('correspondance des colonnes') })
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, MESSAGES.invalidType('correspondance des colonnes'));

/** Target field -> source column, or 'Aucun' when the target is not mapped. */
export const importMappingSchema = z
  .record(targetField, columnName, { error: fieldError('correspondance des colonnes') })
  .refine(
    (value) => Object.keys(value).length <= MAX_IMPORT_COLUMNS,
    MESSAGES.tooMany('correspondance des colonnes', MAX_IMPORT_COLUMNS),
  );

/**
 * /api/prospect/load, in the order the import modal asks for things: the file, its title and
 * access, then the column mapping.
 */
export const prospectImportSchema = z.object(
  {
    exel: importRowsSchema,
    name: importTitleField,
    isPrivate: z.boolean({ error: fieldError('accès') }),
    value: importMappingSchema,
  },
  OBJECT_ERROR,
);

export type ImportRow = z.output<typeof row>;
export type ProspectImportInput = z.input<typeof prospectImportSchema>;
export type ProspectImportData = z.output<typeof prospectImportSchema>;
