import { PROSPECT_FIELDS, type ProspectField } from '../prospect-fields';

/** The labels of the mapping step (step 3 of the import modal), more explicit than the table headers. */
const IMPORT_TARGET_LABELS: Record<ProspectField, string> = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'Code postal',
  ville: 'Ville',
  adresseComplete: 'Adresse complète',
  site: 'Site',
  telephone: 'Téléphone',
  eMail: 'E-mail',
  siret: 'SIRET',
  libelleactivite: 'Libellé activité',
  trancheSalarier: 'Tranche salariés',
  typeEtablissement: "Type d'établissement",
};

export type ImportTarget = { field: ProspectField; label: string };

/** The 12 targets of the column mapping, in the order the modal lists them. */
export const IMPORT_TARGETS: readonly ImportTarget[] = PROSPECT_FIELDS.map((field) => ({
  field,
  label: IMPORT_TARGET_LABELS[field],
}));

export function importTargetLabel(field: ProspectField): string {
  return IMPORT_TARGET_LABELS[field];
}

/** Target field -> source column title, or 'Aucun' (or absent) when nothing feeds it. */
export type ImportMapping = Partial<Record<ProspectField, string>>;

export type ImportOptions = {
  /** "Conserver les titres": columns mapped to no target are kept as extra fields in `value`. */
  keepTitle: boolean;
  /** "Supprimer la ligne si vide", per target: rows where one of these is empty are not imported. */
  removeRowsWithout: ProspectField[];
};

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = { keepTitle: true, removeRowsWithout: [] };

export type DuplicatePolicy = 'skip' | 'keep';

export const DUPLICATE_POLICIES = ['skip', 'keep'] as const satisfies readonly DuplicatePolicy[];

/** What the import reports, on the server and in the modal's client-side preview alike. */
export type ImportSummary = {
  imported: number;
  /** Rows found to duplicate a row earlier in the file or an existing prospect. */
  duplicates: number;
  /** Of those, the ones not stored (policy 'skip'). */
  duplicatesSkipped: number;
  siretFlagged: number;
  /** `index` = 0-based data row in the file; the first 10,000 only (the rest are counted). */
  rejected: { index: number; reason: string }[];
  /** Every rejected row, listed or not. */
  rejectedCount: number;
};
