// Company-registry enrichment at import (docs/decisions/registry-enrichment.md): which identifier a
// row is looked up by, the INSEE staff-size codes as the product writes them, and what the import
// modal is told about the step.
import { ESTABLISHMENT_NATURES } from '../prospect-fields';

export type RegistryIdentifier = { kind: 'siret' | 'siren'; value: string };

/** A 14-digit SIRET or a 9-digit SIREN, spaces removed; anything else is not looked up. */
export function registryIdentifierOf(siret: string): RegistryIdentifier | null {
  const compact = siret.replace(/\s/g, '');
  if (/^[0-9]{14}$/.test(compact)) return { kind: 'siret', value: compact };
  if (/^[0-9]{9}$/.test(compact)) return { kind: 'siren', value: compact };
  return null;
}

/**
 * INSEE "tranche d'effectif salarié" codes (Sirene) and the bracket the prospect shows. 'NN' (no
 * employee declared) is left out on purpose: it also means "no declaration received", so it fills nothing.
 */
export const STAFF_BRACKET_LABELS: Readonly<Record<string, string>> = {
  '00': '0 salarié',
  '01': '1 ou 2 salariés',
  '02': '3 à 5 salariés',
  '03': '6 à 9 salariés',
  '11': '10 à 19 salariés',
  '12': '20 à 49 salariés',
  '21': '50 à 99 salariés',
  '22': '100 à 199 salariés',
  '31': '200 à 249 salariés',
  '32': '250 à 499 salariés',
  '41': '500 à 999 salariés',
  '42': '1 000 à 1 999 salariés',
  '51': '2 000 à 4 999 salariés',
  '52': '5 000 à 9 999 salariés',
  '53': '10 000 salariés et plus',
};

/** The bracket label of an INSEE code, or null for 'NN', a missing or an unknown code. */
export function staffBracketLabel(code: string | null | undefined): string | null {
  if (code === null || code === undefined || !Object.hasOwn(STAFF_BRACKET_LABELS, code)) return null;
  return STAFF_BRACKET_LABELS[code] ?? null;
}

/** 'Siège social' or 'Établissement secondaire', as the new-opportunity modal writes the nature. */
export function establishmentNatureOf(isHeadOffice: boolean): string {
  return isHeadOffice ? ESTABLISHMENT_NATURES[0] : ESTABLISHMENT_NATURES[1];
}

export type EnrichmentStatus = 'skipped' | 'running' | 'done' | 'failed';

/** The enrichment of one imported file, as the import modal follows it. */
export type EnrichmentReport = {
  status: EnrichmentStatus;
  /** Why it was skipped or stopped, shown as is; null while running or when done. */
  message: string | null;
  /** Prospects of the file. */
  total: number;
  /** Prospects gone through so far (looked up, or without a SIRET/SIREN). */
  processed: number;
  /** Prospects that received at least one missing field. */
  enriched: number;
  /** Looked up and unknown to the registry. */
  notFound: number;
  /** Found, and the establishment (or the company) is closed: "fermé". */
  closed: number;
  /** Looked up, but the registry did not answer (after the retries). */
  failed: number;
  /** No 14-digit SIRET or 9-digit SIREN: not looked up. */
  withoutIdentifier: number;
};

export const ENRICHMENT_MESSAGES = {
  notConfigured:
    'Enrichissement non configuré : aucun registre des entreprises n’est défini sur ce serveur.',
  notRun: 'Enrichissement non effectué : ce fichier a été importé sans le registre des entreprises.',
  unavailable:
    'Enrichissement interrompu : le registre des entreprises ne répond pas. Le fichier est importé, sans ces informations pour les lignes restantes.',
} as const;
