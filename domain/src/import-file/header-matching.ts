import { EMPTY_VALUE, PROSPECT_FIELDS, type ProspectField } from '../prospect-fields';

/** Lower case, accents and punctuation removed, spaces collapsed: "N° SIRET" -> "n siret". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Header names (already normalised) that designate each target, French and English, best first. */
export const HEADER_SYNONYMS: Record<ProspectField, readonly string[]> = {
  prospect: [
    'prospect',
    'raison sociale',
    'denomination',
    'denomination sociale',
    'nom de l entreprise',
    'nom entreprise',
    'entreprise',
    'societe',
    'nom de la societe',
    'company',
    'company name',
    'organisation',
    'organization',
    'nom',
    'name',
  ],
  enseigne: ['enseigne', 'nom commercial', 'trade name', 'brand', 'marque'],
  codePostale: [
    'code postal',
    'codepostal',
    'code postale',
    'cp',
    'zip',
    'zip code',
    'zipcode',
    'postal code',
    'postcode',
  ],
  ville: ['ville', 'commune', 'localite', 'city', 'town'],
  adresseComplete: [
    'adresse complete',
    'adresse',
    'adresse postale',
    'adresse 1',
    'adresse ligne 1',
    'address',
    'full address',
    'street',
    'rue',
  ],
  site: ['site', 'site web', 'site internet', 'url', 'website', 'web'],
  telephone: [
    'telephone',
    'tel',
    'tel fixe',
    'numero de telephone',
    'phone',
    'phone number',
    'portable',
    'mobile',
  ],
  eMail: ['email', 'e mail', 'mail', 'courriel', 'adresse email', 'adresse e mail', 'adresse mail'],
  siret: ['siret', 'n siret', 'no siret', 'numero siret', 'num siret', 'siret number'],
  libelleactivite: [
    'libelle activite',
    'libelle de l activite',
    'activite',
    'activite principale',
    'libelle naf',
    'libelle ape',
    'secteur d activite',
    'secteur',
    'activity',
    'industry',
  ],
  trancheSalarier: [
    'tranche salaries',
    'tranche salarie',
    'tranche salarier',
    'tranche d effectif',
    'tranche effectif',
    'effectif',
    'effectifs',
    'salaries',
    'nombre de salaries',
    'staff',
    'employees',
    'headcount',
  ],
  typeEtablissement: [
    'type etablissement',
    'type d etablissement',
    'type de l etablissement',
    'nature etablissement',
    'etablissement',
    'siege',
    'establishment type',
  ],
};

export type HeaderMapping = Record<ProspectField, string>;

/**
 * Pre-selects a source column for each target from the header names: an exact match of a synonym
 * first (in the order of the synonyms), then a header that contains one; each column serves one
 * target at most. Targets with no match get 'Aucun'.
 */
export function guessMapping(headers: readonly string[]): HeaderMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping = Object.fromEntries(PROSPECT_FIELDS.map((field) => [field, EMPTY_VALUE])) as HeaderMapping;

  const claim = (field: ProspectField, match: (header: string, synonym: string) => boolean) => {
    if (mapping[field] !== EMPTY_VALUE) return;
    for (const synonym of HEADER_SYNONYMS[field]) {
      const index = normalised.findIndex((header, i) => !used.has(i) && match(header, synonym));
      if (index >= 0) {
        used.add(index);
        mapping[field] = headers[index] as string;
        return;
      }
    }
  };

  for (const field of PROSPECT_FIELDS) claim(field, (header, synonym) => header === synonym);
  // Short generic words ("nom", "tel") only count as the whole header, or "Nom du contact" would win.
  const containsWord = (header: string, synonym: string) =>
    (synonym.length >= 5 || synonym.includes(' ')) && ` ${header} `.includes(` ${synonym} `);
  for (const field of PROSPECT_FIELDS) claim(field, containsWord);
  return mapping;
}
