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
  const messages = store.collection<MessageDoc>('messages');
  // Counts per author, status and bucket: each (author, status) is a stretch of this index whose
  // dates are counted by range, without sorting the period's comments (docs/decisions/reports.md).
  await messages.createIndex({ organisationId: 1, userId: 1, statusName: 1, date: 1 });
  // The same by date first: the sorted path, when the groups are too many to count one by one.
  await messages.createIndex({ organisationId: 1, date: 1, userId: 1, statusName: 1 });
}

const groupKey = (row: GroupRow) => JSON.stringify([row.userId, row.status, row.bucket]);

export function createMessageReportFigures(store: Store): MessageReportFigures {
  const messages = store.collection<MessageDoc>('messages');
  return {
    async commentsByAuthor(query) {
      const filter: Filter<MessageDoc> = { organisationId: query.organisationId };
      if (query.userId !== undefined) filter.userId = query.userId;
      const spec = {
        by: {
          userId: 'userId',
          status: 'statusName',
          bucket: { field: 'date', boundaries: query.boundaries },
        },
        totals: { count: { $count: true as const } },
        within: [{ field: 'date', from: query.from, to: query.to }],
      };
      const all = await messages.group(filter, spec);
      if (query.hiddenOpportunityIds.length === 0) return all;
      // The hidden opportunities' comments, counted apart (the index by opportunity reads only them)
      // and taken off, so the counts of everything else stay answered by the index alone.
      const hidden = await messages.group(
        { ...filter, opportunityId: { $in: [...query.hiddenOpportunityIds] } },
        spec,
      );
      const minus = new Map(hidden.map((row) => [groupKey(row), row.count as number]));
      return all.flatMap((row) => {
        const count = (row.count as number) - (minus.get(groupKey(row)) ?? 0);
        return count > 0 ? [{ ...row, count }] : [];
      });
    },
  };
}
