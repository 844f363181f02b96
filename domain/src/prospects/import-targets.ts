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

/**
 * What `/api/prospect/load` and `/api/prospect/import/finish` answer. `excelId` is null when no row
 * was stored (all duplicates, or all rejected): the import is removed, no empty file is created.
 */
export type ImportResult = { excelId: string | null; summary: ImportSummary };

export const IMPORT_RESULT_MESSAGES = {
  allDuplicates: 'Aucun fichier créé : toutes les lignes sont des doublons de prospects existants.',
  nothingImported: 'Aucun fichier créé : aucune ligne du fichier n’a pu être importée.',
} as const;

/** Why an import created no file, as the import modal says it; null when it created one. */
export function noFileMessage(result: ImportResult): string | null {
  if (result.excelId !== null) return null;
  const { summary } = result;
  return summary.duplicates > 0 && summary.rejectedCount === 0
    ? IMPORT_RESULT_MESSAGES.allDuplicates
    : IMPORT_RESULT_MESSAGES.nothingImported;
}
