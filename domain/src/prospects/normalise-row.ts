// From a parsed spreadsheet row to the prospect we store: the one place where "real French file"
// rules live (leading zeros, 'Aucun', SIRET, département), used by the API to store and by the
// import modal to preview and pre-count the summary, so both always agree.
import { EMPTY_VALUE, PROSPECT_FIELDS } from '../prospect-fields';
import { deriveProspectFields, type DerivedProspectFields, type ProspectFields } from './derive-fields';
import { type ImportMapping, type ImportOptions, importTargetLabel } from './import-targets';

export type ProspectDraft = ProspectFields &
  DerivedProspectFields & {
    /** JSON text of the extra fields: the kept unmapped columns by title, and a `contact` list. */
    value: string;
  };

export const IMPORT_REJECTIONS = {
  noName: 'Ligne sans raison sociale ni enseigne',
  emptyField: (label: string) => `Champ vide : ${label}`,
} as const;

export type ImportRowOutcome =
  { kind: 'blank' } | { kind: 'rejected'; reason: string } | { kind: 'accepted'; draft: ProspectDraft };

/** papaparse puts the surplus cells of a ragged row under this key: data, not a column title. */
const PARSED_EXTRA = '__parsed_extra';
/** The extra-field key holding the contacts (SPEC §3); a column with that title is renamed. */
const CONTACT_KEY = 'contact';
const RENAMED_CONTACT_COLUMN = 'contact (fichier)';

/** A cell as text: numbers without exponent noise, surplus lists joined, anything else empty. */
export function cellText(cell: unknown): string {
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return String(cell);
  if (Array.isArray(cell))
    return cell
      .map(cellText)
      .filter((text) => text !== '')
      .join(', ');
  return '';
}

function readColumn(row: Record<string, unknown>, column: string | undefined): string {
  if (column === undefined || column === EMPTY_VALUE || !Object.hasOwn(row, column)) return '';
  return cellText(row[column]);
}

// Built once: these run on every row of a file of up to a million rows.
const SPACES = /\s/g;
const FOUR_DIGITS = /^[0-9]{4}$/;
const FIVE_DIGITS = /^[0-9]{5}$/;
const PHONE_WITHOUT_ZERO = /^[1-9][0-9]{8}$/;

/** A spreadsheet that read 01000 as a number wrote 1000: give the zero back. */
export function normalisePostalCode(text: string): string {
  const compact = text.replace(SPACES, '');
  if (FOUR_DIGITS.test(compact)) return `0${compact}`;
  if (FIVE_DIGITS.test(compact)) return compact;
  return text;
}

/** A French number read as a number lost its leading 0 (612345678): give it back. */
export function normalisePhone(text: string): string {
  return PHONE_WITHOUT_ZERO.test(text) ? `0${text}` : text;
}

/** SIRET as written without its spaces ('732 829 320 00074' -> '73282932000074'). */
export function normaliseSiret(text: string): string {
  return text.replace(SPACES, '');
}

function extraFields(row: Record<string, unknown>, used: ReadonlySet<string>, keepTitle: boolean): string {
  const entries: [string, unknown][] = [];
  if (keepTitle) {
    for (const [column, cell] of Object.entries(row)) {
      if (used.has(column) || column === PARSED_EXTRA) continue;
      const text = cellText(cell);
      entries.push([
        column === CONTACT_KEY ? RENAMED_CONTACT_COLUMN : column,
        text === '' ? EMPTY_VALUE : text,
      ]);
    }
  }
  entries.push([CONTACT_KEY, []]);
  // fromEntries defines own properties, so a column titled '__proto__' stays a plain key.
  return JSON.stringify(Object.fromEntries(entries));
}

/** Applies the mapping and the French-file rules to one row; never rejects (see prepareImportRow). */
export function normaliseProspectRow(
  row: Record<string, unknown>,
  mapping: ImportMapping,
  options: Pick<ImportOptions, 'keepTitle'>,
): ProspectDraft {
  const fields = {} as ProspectFields;
  const used = new Set<string>();
  for (const field of PROSPECT_FIELDS) {
    const column = Object.hasOwn(mapping, field) ? mapping[field] : undefined;
    if (column !== undefined && column !== EMPTY_VALUE) used.add(column);
    const text = readColumn(row, column);
    fields[field] = text === '' ? EMPTY_VALUE : text;
  }
  fields.codePostale = normalisePostalCode(fields.codePostale);
  fields.telephone = normalisePhone(fields.telephone);
  fields.siret = normaliseSiret(fields.siret);

  return { ...fields, ...deriveProspectFields(fields), value: extraFields(row, used, options.keepTitle) };
}

/** True when every cell of the row is blank: such rows are skipped silently, not rejected. */
export function isBlankRow(row: Record<string, unknown>): boolean {
  for (const cell of Object.values(row)) if (cellText(cell) !== '') return false;
  return true;
}

/** The import's decision for one row: skipped silently, rejected with a reason, or accepted. */
export function prepareImportRow(
  row: Record<string, unknown>,
  mapping: ImportMapping,
  options: ImportOptions,
): ImportRowOutcome {
  if (isBlankRow(row)) return { kind: 'blank' };
  const draft = normaliseProspectRow(row, mapping, options);
  if (draft.prospect === EMPTY_VALUE && draft.enseigne === EMPTY_VALUE) {
    return { kind: 'rejected', reason: IMPORT_REJECTIONS.noName };
  }
  for (const field of PROSPECT_FIELDS) {
    if (options.removeRowsWithout.includes(field) && draft[field] === EMPTY_VALUE) {
      return { kind: 'rejected', reason: IMPORT_REJECTIONS.emptyField(importTargetLabel(field)) };
    }
  }
  return { kind: 'accepted', draft };
}
