// The detail of one opportunity (/api/opportunity/get): every comment, oldest first, and the
// history for "Voir l'historique" holders, read from the audit log. Every change answers with it.
import {
  type EditStamp,
  hasPermission,
  PERMISSION,
  REGISTRY_USER,
  type OpportunityReply,
  type UserRef,
  versionOf,
} from '@app/domain';
import type { Actor } from '../../messages/module';
import { toHistoryView, toOpportunityView, type ViewContext } from '../opportunity-views';
import type { ProspectDoc } from '../../prospects/module';
import type { OpportunityDoc } from '../repository';
import { type OpportunityDeps, visibleOpportunity } from './context';
import { readHistory } from './history-log';
import type { Renewals } from './renewals';

export class OpportunityDetail {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'gateway' | 'messages' | 'users' | 'now' | 'timeZone' | 'history'
    >,
    private readonly renewals: Renewals,
  ) {}

  async get(actor: Actor, opportunityId: string): Promise<OpportunityReply> {
    await this.renewals.applyDue(actor.organisationId);
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const withHistory = hasPermission(actor.mask, PERMISSION.VIEW_HISTORY);
    // The audit records of this opportunity (and lines its outbox still holds): history-log.ts.
    const history = withHistory ? await readHistory(this.deps.history, doc) : [];
    const historyUsers = history.flatMap((entry) => (entry.by === null ? [] : [entry.by]));
    const [prospect] = await this.deps.gateway.byIds(actor.organisationId, [doc.prospectId]);
    const editors = [doc.modifiedBy, prospect?.modifiedBy].filter((id) => id !== undefined);
    const [context, messages] = await Promise.all([
      this.viewContext(prospect ? [prospect] : [], [doc], [...historyUsers, ...editors]),
      this.deps.messages.listFor(actor.organisationId, doc._id),
    ]);
    const view = toOpportunityView(doc, context);
    // The versions the edit calls may send back (edit-conflicts.md).
    Object.assign(view, editStamp(doc, context.userOf));
    Object.assign(view.prospectId, editStamp(prospect ?? {}, context.userOf, REGISTRY_USER));
    view.message = messages;
    if (withHistory) view.history = history.map((entry) => toHistoryView(entry, context.userOf));
    return { opportunity: view };
  }

  /** The prospect is the one read for the edit stamp: read once per call, not twice. */
  private async viewContext(
    prospects: readonly ProspectDoc[],
    docs: readonly Pick<OpportunityDoc, 'userId'>[],
    extraUsers: readonly string[] = [],
  ): Promise<ViewContext> {
    const userIds = [...new Set([...docs.map((doc) => doc.userId), ...extraUsers])];
    const users = await this.deps.users(userIds);
    const usersById = new Map(users.map((user) => [user._id, user]));
    return {
      now: this.deps.now(),
      timeZone: this.deps.timeZone,
      prospects: new Map(prospects.map((prospect) => [prospect._id, prospect])),
      userOf: (id) => usersById.get(id) ?? { _id: id, username: '' },
    };
  }
}

/** A document's version and last change as the detail shows them; `unknownAuthor` when none is stored. */
function editStamp(
  doc: { version?: number; modifiedAt?: number; modifiedBy?: string },
  userOf: (id: string) => UserRef,
  unknownAuthor?: UserRef,
): EditStamp {
  const stamp: EditStamp = { version: versionOf(doc) };
  if (doc.modifiedAt === undefined) return stamp;
  stamp.modifiedAt = doc.modifiedAt;
  const by = doc.modifiedBy === undefined ? unknownAuthor : userOf(doc.modifiedBy);
  if (by) stamp.modifiedBy = by;
  return stamp;
}
