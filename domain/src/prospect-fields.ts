/** What the interface shows, and what is stored, in place of a missing value (SPEC §3). */
export const EMPTY_VALUE = 'Aucun';

/** The standard prospect fields, in the order the screens list them. */
export const PROSPECT_FIELDS = [
  'prospect',
  'enseigne',
  'codePostale',
  'ville',
  'adresseComplete',
  'site',
  'telephone',
  'eMail',
  'siret',
  'libelleactivite',
  'trancheSalarier',
  'typeEtablissement',
] as const;

export type ProspectField = (typeof PROSPECT_FIELDS)[number];

/** Labels as the prospect file table and the opportunity cards write them (SPEC §2). */
export const PROSPECT_FIELD_LABELS: Record<ProspectField, string> = {
  prospect: 'Prospect',
  enseigne: 'Enseigne',
  codePostale: 'Code Postal',
  ville: 'Ville',
  adresseComplete: 'Adresse Complete',
  site: 'Site',
  telephone: 'Téléphone',
  eMail: 'Email',
  siret: 'Siret',
  libelleactivite: 'Libele activité',
  trancheSalarier: 'Tranche Salarié',
  typeEtablissement: "Type d'établissement",
};

/** True for values the interface treats as missing: absent, blank, or the stored 'Aucun'. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && (value.trim() === '' || value === EMPTY_VALUE))
  );
}

/** The text to show for a value: 'Aucun' when it is missing. */
export function displayValue(value: string | number | null | undefined): string {
  return isEmptyValue(value) ? EMPTY_VALUE : String(value);
}

export const CIVILITES = ['Mr.', 'Mme.'] as const;

export type Civilite = (typeof CIVILITES)[number];

/** Nature of an establishment in the new-opportunity modal (SPEC §2 'Siège social' or a secondary one). */
export const ESTABLISHMENT_NATURES = ['Siège social', 'Établissement secondaire'] as const;
