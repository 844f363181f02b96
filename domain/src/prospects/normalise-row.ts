// From a parsed spreadsheet row to the prospect we store: the one place where "real French file"
// rules live (leading zeros, 'Aucun', SIRET, département), used by the API to store and by the
// import modal to preview and pre-count the summary, so both always agree.
import { departmentOfPostalCode, regionOfPostalCode } from '../geography/geography';
import { EMPTY_VALUE, PROSPECT_FIELDS, type ProspectField } from '../prospect-fields';
import { type ImportMapping, type ImportOptions, importTargetLabel } from './import-targets';
import { normaliseSearch } from './normalise-search';
import { isValidSiret } from './siret';

export type ProspectFields = Record<ProspectField, string>;

export type ProspectDraft = ProspectFields & {
  /** Department code ('01', '2A', '971'), or 'Aucun' when the postal code gives none. */
  departement: string;
  /** Region name ('Île-de-France'), or 'Aucun'. */
  region: string;
  /** JSON text of the extra fields: the kept unmapped columns by title, and a `contact` list. */
  value: string;
  searchText: string;
  dedupKey: string;
  /** A SIRET is present but is not 14 digits or fails its check digit. */
  siretFlagged: boolean;
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

/** The fields searched in a file's detail (SPEC §2), in the order they are joined. */
export const SEARCHED_FIELDS = [
  'prospect',
  'enseigne',
  'codePostale',
  'ville',
  'adresseComplete',
  'site',
  'telephone',
] as const satisfies readonly ProspectField[];

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

/** A spreadsheet that read 01000 as a number wrote 1000: give the zero back. */
export function normalisePostalCode(text: string): string {
  const compact = text.replace(/\s/g, '');
  if (/^[0-9]{4}$/.test(compact)) return `0${compact}`;
  if (/^[0-9]{5}$/.test(compact)) return compact;
  return text;
}

/** A French number read as a number lost its leading 0 (612345678): give it back. */
export function normalisePhone(text: string): string {
  return /^[1-9][0-9]{8}$/.test(text) ? `0${text}` : text;
}

/** SIRET as written without its spaces ('732 829 320 00074' -> '73282932000074'). */
export function normaliseSiret(text: string): string {
  return text.replace(/\s/g, '');
}

const nameKey = (text: string): string =>
  text === EMPTY_VALUE
    ? ''
    : normaliseSearch(text)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();

/** SIRET when it has 14 digits, else the normalised enseigne (or company name) and postal code. */
export function dedupKeyOf(
  draft: Pick<ProspectFields, 'siret' | 'enseigne' | 'prospect' | 'codePostale'>,
): string {
  if (/^[0-9]{14}$/.test(draft.siret)) return `siret:${draft.siret}`;
  const name = nameKey(draft.enseigne) || nameKey(draft.prospect);
  const postalCode = draft.codePostale === EMPTY_VALUE ? '' : draft.codePostale.replace(/\s/g, '');
  return `name:${name}|${postalCode}`;
}

/** The searchable text of a prospect: its searched fields, normalised, blanks left out. */
export function searchTextOf(fields: Pick<ProspectFields, (typeof SEARCHED_FIELDS)[number]>): string {
  const parts: string[] = [];
  for (const field of SEARCHED_FIELDS) if (fields[field] !== EMPTY_VALUE) parts.push(fields[field]);
  return normaliseSearch(parts.join(' '));
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

  return {
    ...fields,
    departement: departmentOfPostalCode(fields.codePostale) ?? EMPTY_VALUE,
    region: regionOfPostalCode(fields.codePostale)?.name ?? EMPTY_VALUE,
    value: extraFields(row, used, options.keepTitle),
    searchText: searchTextOf(fields),
    dedupKey: dedupKeyOf(fields),
    siretFlagged: fields.siret !== EMPTY_VALUE && !isValidSiret(fields.siret),
  };
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
