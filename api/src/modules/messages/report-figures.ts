// What the reports component may ask of the comments (issue 22): counts per author, status and time
// bucket, computed by the store. A member who sees only their own opportunities counts only their own
// comments; the others count every comment but those on opportunities hidden from them (another
// member's private file). docs/decisions/reports.md.
import type { Filter, GroupRow, Store } from '../../db/types';
import type { MessageDoc } from './repository';

export type CommentQuery = {
  organisationId: string;
  from: number;
  to: number;
  /** Only this author's comments. */
  userId?: string;
  /** Comments on these opportunities are left out. */
  hiddenOpportunityIds: readonly string[];
  /** Bucket i = [boundaries[i], boundaries[i + 1]). */
  boundaries: readonly number[];
};

export type MessageReportFigures = {
  /** Rows { userId, status, bucket, count }. */
  commentsByAuthor(query: CommentQuery): Promise<GroupRow[]>;
};

export async function ensureCommentReportIndexes(store: Store): Promise<void> {
  await store
    .collection<MessageDoc>('messages')
    .createIndex({ organisationId: 1, date: 1, userId: 1, statusName: 1 });
}

export function createMessageReportFigures(store: Store): MessageReportFigures {
  const messages = store.collection<MessageDoc>('messages');
  return {
    commentsByAuthor(query) {
      const filter: Filter<MessageDoc> = { organisationId: query.organisationId };
      if (query.userId !== undefined) filter.userId = query.userId;
      if (query.hiddenOpportunityIds.length > 0)
        filter.opportunityId = { $nin: [...query.hiddenOpportunityIds] };
      return messages.group(filter, {
        by: {
          userId: 'userId',
          status: 'statusName',
          bucket: { field: 'date', boundaries: query.boundaries },
        },
        totals: { count: { $count: true } },
        within: [{ field: 'date', from: query.from, to: query.to }],
      });
    },
  };
}
