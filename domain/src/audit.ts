// The organisation's audit log ("Historique", bit 524288 "Voir l'historique"): what the API records,
// the bodies of /api/audit/list and /api/audit/export, their replies and the CSV both sides write.
// docs/decisions/audit-log.md.
import { csvLine } from './opportunities/csv';
import { DEFAULT_TIME_ZONE, formatDateTimeInZone, parseIsoDate } from './opportunities/timing';
import { fieldError, idField, OBJECT_ERROR } from './validation/fields';
import { MESSAGES } from './validation/messages';
import { z } from './zod';

/**
 * What a record says happened. 'deleted' and 'restored' are the bin's (wired by its module);
 * 'opportunityCreated' and 'commented' are lines of an opportunity's history, like its state changes
 * and hand-overs (the detail's history reads them: docs/decisions/audit-log.md).
 */
export const AUDIT_KINDS = [
  'stateChanged',
  'handedOver',
  'prospectEdited',
  'contractEdited',
  'imported',
  'exported',
  'roleCreated',
  'roleEdited',
  'permissionsChanged',
  'roleDeleted',
  'roleAssigned',
  'licenceAssigned',
  'licenceWithdrawn',
  'invitationSent',
  'collaboratorRemoved',
  'subscriptionChanged',
  'signInNewBrowser',
  'deleted',
  'restored',
  'opportunityCreated',
  'commented',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  stateChanged: 'Changement d’état',
  handedOver: 'Passation',
  prospectEdited: 'Modification d’un prospect',
  contractEdited: 'Modification d’un contrat',
  imported: 'Import',
  exported: 'Export',
  roleCreated: 'Création d’un rôle',
  roleEdited: 'Modification d’un rôle',
  permissionsChanged: 'Changement de permissions',
  roleDeleted: 'Suppression d’un rôle',
  roleAssigned: 'Attribution d’un rôle',
  licenceAssigned: 'Attribution d’une licence',
  licenceWithdrawn: 'Retrait d’une licence',
  invitationSent: 'Invitation envoyée',
  collaboratorRemoved: 'Collaborateur retiré',
  subscriptionChanged: 'Changement d’abonnement',
  signInNewBrowser: 'Connexion depuis un nouveau navigateur',
  deleted: 'Suppression',
  restored: 'Restauration',
  opportunityCreated: 'Création d’une opportunité',
  commented: 'Commentaire',
};

/** What a record is about; `label` is the name it had then (a prospect's company, a role's name). */
export type AuditSubject = {
  type:
    | 'opportunity'
    | 'prospect'
    | 'prospectFile'
    | 'export'
    | 'role'
    | 'member'
    | 'licence'
    | 'invitation'
    | 'subscription'
    | 'browser';
  id: string;
  label: string;
};

/** A value before or after: a text, a number, or a small record of named values. */
export type AuditValue = string | number | boolean | null | { [key: string]: AuditValue } | AuditValue[];

export type AuditRecordView = {
  _id: string;
  at: number;
  /** null: the server itself (a renewal, a webhook). */
  actor: { _id: string; username: string } | null;
  kind: AuditKind;
  subject: AuditSubject;
  before?: AuditValue;
  after?: AuditValue;
  details?: Record<string, AuditValue>;
};

/** Where the next page starts: the last record shown (newest first). */
export type AuditCursor = { at: number; id: string };

export type AuditPageReply = {
  records: AuditRecordView[];
  /** null: this was the last page. */
  next: AuditCursor | null;
};

export type AuditExportReply = { csvString: string; count: number };

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** The most records one CSV export holds (the newest ones matching the filters). */
export const AUDIT_EXPORT_MAX = 100_000;

export const AUDIT_MESSAGES = {
  invalidKind: 'Type d’événement invalide',
  invalidPerson: 'Personne invalide',
  invalidDate: 'Date invalide : attendu AAAA-MM-JJ',
  reversedDates: 'La date de début doit précéder la date de fin',
  invalidCursor: 'Position de page invalide',
} as const;

const isoDay = z
  .string({ error: fieldError('date', AUDIT_MESSAGES.invalidDate) })
  .refine((value) => parseIsoDate(value) !== null, AUDIT_MESSAGES.invalidDate);

/** The filters of the list and the export: person, kind, period (calendar days, Paris time, inclusive). */
const auditFilterShape = {
  userId: idField('personne', AUDIT_MESSAGES.invalidPerson).optional(),
  kind: z.enum(AUDIT_KINDS, { error: AUDIT_MESSAGES.invalidKind }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};

const orderedDates = (filters: { from?: string | undefined; to?: string | undefined }) =>
  filters.from === undefined || filters.to === undefined || filters.from <= filters.to;

export const auditExportSchema = z
  .object(auditFilterShape, OBJECT_ERROR)
  .refine(orderedDates, { message: AUDIT_MESSAGES.reversedDates, path: ['to'] });
export type AuditFilters = z.output<typeof auditExportSchema>;

export const auditListSchema = z
  .object(
    {
      ...auditFilterShape,
      after: z
        .object(
          {
            at: z.number({ error: AUDIT_MESSAGES.invalidCursor }).int().min(0),
            id: idField('position', AUDIT_MESSAGES.invalidCursor),
          },
          { error: AUDIT_MESSAGES.invalidCursor },
        )
        .optional(),
      limit: z
        .number({ error: fieldError('limite') })
        .int(MESSAGES.invalidType('limite'))
        .min(1, MESSAGES.invalidType('limite'))
        .max(AUDIT_MAX_PAGE_SIZE, MESSAGES.invalidType('limite'))
        .default(AUDIT_PAGE_SIZE),
    },
    OBJECT_ERROR,
  )
  .refine(orderedDates, { message: AUDIT_MESSAGES.reversedDates, path: ['to'] });
export type AuditListInput = z.input<typeof auditListSchema>;

/** A value as one line of text: records as "clé : valeur / …", lists joined by ", ". */
export function auditValueText(value: AuditValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(auditValueText).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${key} : ${auditValueText(inner)}`)
      .join(' / ');
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return String(value);
}

export const AUDIT_CSV_HEADERS = ['Date', 'Personne', 'Type', 'Objet', 'Avant', 'Après', 'Détails'] as const;

/** One record as a CSV line (';', quoted, formulas neutralised by csvLine). */
export function auditCsvLine(record: AuditRecordView, timeZone = DEFAULT_TIME_ZONE): string {
  return csvLine([
    formatDateTimeInZone(record.at, timeZone),
    record.actor?.username ?? 'Système',
    AUDIT_KIND_LABELS[record.kind],
    record.subject.label,
    auditValueText(record.before),
    auditValueText(record.after),
    record.details ? auditValueText(record.details) : '',
  ]);
}

/** The whole file as downloaded: byte-order mark (Excel reads UTF-8), header, one line per record. */
export function auditCsv(records: readonly AuditRecordView[], timeZone = DEFAULT_TIME_ZONE): string {
  return `\uFEFF${csvLine(AUDIT_CSV_HEADERS)}${records.map((record) => auditCsvLine(record, timeZone)).join('')}`;
}
