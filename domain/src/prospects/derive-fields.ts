// What a prospect's standard fields imply: its département and région, its search text, its
// duplicate key and its "SIRET à vérifier" flag. One function computes them for the import, the
// prospect edits, the manual prospects and the registry enrichment, so a row stored by any of them
// reads the same (docs/decisions/prospect-import.md, "Duplicates").
import { departmentOfPostalCode, regionOfDepartment } from '../geography/geography';
import { EMPTY_VALUE, type ProspectField } from '../prospect-fields';
import { normaliseSearch } from './normalise-search';
import { isValidSiret } from './siret';

export type ProspectFields = Record<ProspectField, string>;

/** The fields stored beside the standard ones, always recomputed from them. */
export type DerivedProspectFields = {
  /** Department code ('01', '2A', '971'), or 'Aucun' when the postal code gives none. */
  departement: string;
  /** Region name ('Île-de-France'), or 'Aucun'. */
  region: string;
  searchText: string;
  dedupKey: string;
  /** A SIRET is present but is not 14 digits or fails its check digit: "SIRET à vérifier". */
  siretFlagged: boolean;
};

/** How the screens mark a prospect whose SIRET is present but invalid. */
export const SIRET_FLAG_LABEL = 'SIRET à vérifier';

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

/** The standard fields the derived ones are computed from. */
export type DerivationSource = Pick<ProspectFields, (typeof SEARCHED_FIELDS)[number] | 'siret'>;

const NOT_NAME_CHARACTERS = /[^a-z0-9]+/g;
const SPACES = /\s/g;

const nameKey = (text: string): string =>
  text === EMPTY_VALUE ? '' : normaliseSearch(text).replace(NOT_NAME_CHARACTERS, ' ').trim();

/** The SIRET as the checks read it: an edit may store it with its spaces ('732 829 320 00074'). */
const compactSiret = (siret: string): string => siret.replace(SPACES, '');

/** A SIRET is present (not 'Aucun' nor blank) and is not a valid one, spaces aside. */
export function isSiretFlagged(siret: string): boolean {
  return siret !== EMPTY_VALUE && siret !== '' && !isValidSiret(compactSiret(siret));
}

/**
 * `siret:<14 digits>` when the SIRET is valid (check digit included); else the company name, the
 * enseigne and the postal code, normalised: `name:<raison sociale>|<enseigne>|<code postal>`. An
 * invalid SIRET (a placeholder such as 12345678901234) never makes two rows duplicates.
 */
export function dedupKeyOf(
  fields: Pick<ProspectFields, 'siret' | 'enseigne' | 'prospect' | 'codePostale'>,
): string {
  const siret = compactSiret(fields.siret);
  return dedupKeyWith(fields, siret, isValidSiret(siret));
}

function dedupKeyWith(
  fields: Pick<ProspectFields, 'enseigne' | 'prospect' | 'codePostale'>,
  siret: string,
  validSiret: boolean,
): string {
  if (validSiret) return `siret:${siret}`;
  const postalCode = fields.codePostale === EMPTY_VALUE ? '' : fields.codePostale.replace(SPACES, '');
  return `name:${nameKey(fields.prospect)}|${nameKey(fields.enseigne)}|${postalCode}`;
}

/** The searchable text of a prospect: its searched fields, normalised, blanks left out. */
export function searchTextOf(fields: Pick<ProspectFields, (typeof SEARCHED_FIELDS)[number]>): string {
  let text = '';
  for (const field of SEARCHED_FIELDS) {
    const value = fields[field];
    if (value === EMPTY_VALUE) continue;
    text = text === '' ? value : `${text} ${value}`;
  }
  return normaliseSearch(text);
}

/** The derived fields of a prospect whose standard fields are already normalised ('Aucun' for blanks). */
export function deriveProspectFields(fields: DerivationSource): DerivedProspectFields {
  const siret = compactSiret(fields.siret);
  const validSiret = isValidSiret(siret);
  const departement = departmentOfPostalCode(fields.codePostale);
  return {
    departement: departement ?? EMPTY_VALUE,
    region: (departement === null ? null : regionOfDepartment(departement))?.name ?? EMPTY_VALUE,
    searchText: searchTextOf(fields),
    dedupKey: dedupKeyWith(fields, siret, validSiret),
    siretFlagged: !validSiret && siret !== EMPTY_VALUE && siret !== '',
  };
}
