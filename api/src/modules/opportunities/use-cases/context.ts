// What every opportunity use case works with, and the rules they share: who sees which opportunity
// (scopeOf, visibleOpportunity) and the French messages. docs/decisions/opportunities.md.
import { randomBytes } from 'node:crypto';
import { hasPermission, PERMISSION, type UserRef } from '@app/domain';
import type { Logger } from 'pino';
import { AppError } from '../../../http/app-error';
import type { OpportunityHistoryLog, RecordAudit } from '../../audit/module';
import type { Actor, MessageLog } from '../../messages/module';
import type { Notify } from '../../notifications/module';
import type { ProspectCatalogue } from '../../prospects/module';
import type { ListIndex } from '../list-index';
import type { OpportunitiesRepository, OpportunityDoc, Scope } from '../repository';

export const OPPORTUNITY_MESSAGES = {
  alreadyAccepted: 'Ce prospect est déjà une opportunité',
  notFound: 'Opportunité introuvable',
  memberNotFound: 'Collaborateur introuvable',
  poolEmpty: 'Aucun prospect à attribuer',
  privateFile: 'Une opportunité issue d’un fichier privé ne peut pas être attribuée à un autre collaborateur',
  busy: 'Opportunité modifiée en même temps par quelqu’un d’autre, veuillez réessayer',
} as const;

export type OpportunityDeps = {
  repository: OpportunitiesRepository;
  /** The organisations' sorted lists in memory; told of every write that changes a sort key. */
  index: ListIndex;
  gateway: ProspectCatalogue['records'];
  prospects: ProspectCatalogue;
  messages: MessageLog;
  users: (ids: string[]) => Promise<UserRef[]>;
  isMember: (organisationId: string, userId: string) => Promise<boolean>;
  now: () => number;
  timeZone: string;
  renewalLeadDays: number;
  /** The notification centre: renewals due, opportunities handed to a member. */
  notify: Notify;
  /** The organisation's audit log: state changes, hand-overs, edits, exports. */
  record: RecordAudit;
  /** Its history lines, audit records (use-cases/history-log.ts). */
  history: OpportunityHistoryLog;
  logger: Logger;
};

/** An ObjectId-shaped identifier, chosen before the insert so the prospect can be claimed with it. */
export const newObjectId = () => randomBytes(12).toString('hex');

/** Managers ("Assigner un collaborateur") and administrators ("Modifier les permissions") see everyone's. */
export function scopeOf(actor: Actor): Scope {
  return {
    organisationId: actor.organisationId,
    userId: actor.userId,
    seesAll:
      hasPermission(actor.mask, PERMISSION.ASSIGN_COLLABORATOR) ||
      hasPermission(actor.mask, PERMISSION.EDIT_PERMISSIONS),
  };
}

/** The opportunity if the caller may see it; one 404 for unknown, foreign and not-yours ids. */
export async function visibleOpportunity(
  deps: Pick<OpportunityDeps, 'repository'>,
  actor: Actor,
  opportunityId: string,
): Promise<OpportunityDoc> {
  const doc = await deps.repository.findVisible(scopeOf(actor), opportunityId);
  if (!doc) throw AppError.notFound(OPPORTUNITY_MESSAGES.notFound);
  return doc;
}
