// What a registry answer says about one row: the establishment its SIRET names (or the head office
// of its SIREN), whether it is closed, and the prospect fields it can fill.
import type codesNaf from '@socialgouv/codes-naf';
import {
  EMPTY_VALUE,
  establishmentNatureOf,
  type ProspectFields,
  type RegistryIdentifier,
  staffBracketLabel,
} from '@app/domain';
import type { RegistryCompany, RegistryEstablishment } from './registry-client';

/** The fields enrichment may fill; every other field of the row is left as the file gave it. */
export const ENRICHED_FIELDS = [
  'libelleactivite',
  'trancheSalarier',
  'typeEtablissement',
  'adresseComplete',
  'codePostale',
  'ville',
] as const satisfies readonly (keyof ProspectFields)[];

export type EnrichedField = (typeof ENRICHED_FIELDS)[number];

export type RegistryFacts = Partial<Record<EnrichedField, string>>;

export type RegistryOutcome = { kind: 'notFound' } | { kind: 'found'; closed: boolean; facts: RegistryFacts };

// NAF rév. 2 sub-classes ('62.01Z'), from INSEE's list as published by @socialgouv/codes-naf: read at
// the first registry answer, not at each start (every-core.md, "Start-up").
let nafLabels: Map<string, string> | undefined;
function nafLabelOf(code: string): string | undefined {
  if (!nafLabels) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const codes = require('@socialgouv/codes-naf') as typeof codesNaf;
    nafLabels = new Map(codes.map((entry) => [entry.id, entry.label]));
  }
  return nafLabels.get(code);
}

/** "62.01Z" (or "6201Z") -> "Programmation informatique"; an unknown code stays as the registry wrote it. */
export function activityLabel(code: string): string {
  const dotted = /^[0-9]{4}[A-Z]$/.test(code) ? `${code.slice(0, 2)}.${code.slice(2)}` : code;
  return nafLabelOf(dotted) ?? code;
}

/** "17 RUE DE LA GARE 74000 ANNECY" -> "17 RUE DE LA GARE" when the end is its postal code and city. */
function streetOf(establishment: RegistryEstablishment): string | null {
  const address = establishment.adresse?.trim();
  if (!address) return null;
  const { code_postal: postalCode, libelle_commune: city } = establishment;
  if (postalCode && city) {
    const tail = ` ${postalCode} ${city}`;
    if (address.toUpperCase().endsWith(tail.toUpperCase()))
      return address.slice(0, -tail.length).trim() || null;
  }
  return address;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function factsOf(company: RegistryCompany, establishment: RegistryEstablishment): RegistryFacts {
  const isHeadOffice = establishment.est_siege ?? establishment.siret === company.siege?.siret;
  const activity = present(establishment.activite_principale) ?? present(company.activite_principale);
  // A secondary establishment's staff is its own; the company's figure would overstate it.
  const staff =
    staffBracketLabel(establishment.tranche_effectif_salarie) ??
    (isHeadOffice ? staffBracketLabel(company.tranche_effectif_salarie) : null);
  const facts: RegistryFacts = {
    libelleactivite: activity ? activityLabel(activity) : undefined,
    trancheSalarier: staff ?? undefined,
    typeEtablissement: establishmentNatureOf(isHeadOffice),
    adresseComplete: streetOf(establishment) ?? undefined,
    codePostale: present(establishment.code_postal) ?? undefined,
    ville: present(establishment.libelle_commune) ?? undefined,
  };
  for (const field of ENRICHED_FIELDS) if (facts[field] === undefined) delete facts[field];
  return facts;
}

/** The registry's answer for one identifier: a SIRET names an establishment, a SIREN its head office. */
export function outcomeOf(identifier: RegistryIdentifier, companies: RegistryCompany[]): RegistryOutcome {
  if (identifier.kind === 'siren') {
    const company = companies.find((candidate) => candidate.siren === identifier.value);
    if (!company?.siege) return { kind: 'notFound' };
    const closed = company.etat_administratif === 'C' || company.siege.etat_administratif === 'F';
    return { kind: 'found', closed, facts: factsOf(company, { ...company.siege, est_siege: true }) };
  }
  const siren = identifier.value.slice(0, 9);
  for (const company of companies) {
    if (company.siren !== siren) continue;
    const establishment =
      company.matching_etablissements?.find((candidate) => candidate.siret === identifier.value) ??
      (company.siege?.siret === identifier.value ? company.siege : undefined);
    if (!establishment) continue;
    return {
      kind: 'found',
      closed: establishment.etat_administratif === 'F',
      facts: factsOf(company, establishment),
    };
  }
  return { kind: 'notFound' };
}

/** The facts for the fields the row lacks ('Aucun'); an empty object when it lacks none of them. */
export function missingOnly(row: Pick<ProspectFields, EnrichedField>, facts: RegistryFacts): RegistryFacts {
  const filled: RegistryFacts = {};
  for (const field of ENRICHED_FIELDS) {
    const value = facts[field];
    if (value !== undefined && row[field] === EMPTY_VALUE) filled[field] = value;
  }
  return filled;
}
