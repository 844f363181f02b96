// What the messages component may do with an opportunity (OpportunityThreads): check it may be
// commented, and log a comment on it — its history line and the card's preview, once.
import { computeTiming } from '@app/domain';
import { AppError } from '../../../http/app-error';
import type { MessageDoc, OpportunityThreads } from '../../messages/module';
import type { HistoryEntry, OpportunityDoc } from '../repository';
import { OPPORTUNITY_MESSAGES, type OpportunityDeps, visibleOpportunity } from './context';
import { moveHistoryAfter } from './history-log';

export function commentThreads(
  deps: Pick<
    OpportunityDeps,
    'repository' | 'index' | 'timeZone' | 'gateway' | 'users' | 'history' | 'logger'
  >,
): OpportunityThreads {
  /** The comment's line in the history and the card preview, once (a comment already logged is left). */
  const addComment = async (
    read: () => Promise<OpportunityDoc | null>,
    by: string,
    message: MessageDoc,
  ): Promise<void> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const doc = await read();
      // The line's id is the message's (an ObjectId, time-ordered like the others): logged once.
      const id = message._id;
      if (!doc) return;
      if (doc.history.some((entry) => entry.messageId === message._id)) {
        // Logged by a process stopped before the line became a record: it becomes one now.
        await moveHistoryAfter(deps, doc.organisationId, doc._id);
        return;
      }
      if (await deps.history.has(doc.organisationId, id)) return;
      const state = computeTiming(doc, message.date, deps.timeZone).state;
      const entry: HistoryEntry = {
        id,
        at: message.date,
        by,
        from: state,
        to: state,
        kind: 'comment',
        reason: `Commentaire (${message.statusName})`,
        messageId: message._id,
      };
      const recent = [message, ...(doc.recentMessages ?? [])].slice(0, 3);
      if (await deps.repository.setRecentMessages(doc, recent, entry)) {
        await moveHistoryAfter(deps, doc.organisationId, doc._id);
        // The card shows the last comments.
        await deps.index.changed(doc.organisationId, doc._id);
        return;
      }
    }
    throw AppError.conflict(OPPORTUNITY_MESSAGES.busy);
  };
  return {
    assertCommentable: async (actor, opportunityId) => {
      await visibleOpportunity(deps, actor, opportunityId);
    },
    recordComment: (actor, opportunityId, message) =>
      addComment(() => visibleOpportunity(deps, actor, opportunityId), actor.userId, message),
    completeComment: (message) =>
      addComment(
        () => deps.repository.findById(message.organisationId, message.opportunityId),
        message.userId,
        message,
      ),
  };
}
