// Every opportunity a member may see, a page at a time: for the organisation's data export.
// Visibility is this component's rule: a private file's opportunities stay its creator's and owner's.
import { pagesOf } from '../../db/pages';
import type { Filter, Store } from '../../db/types';
import type { OpportunityDoc } from './repository';

export type OpportunityBulkRead = {
  visible(caller: { organisationId: string; userId: string }): AsyncIterable<readonly OpportunityDoc[]>;
};

export function createOpportunityBulkRead(store: Store): OpportunityBulkRead {
  const opportunities = store.collection<OpportunityDoc>('opportunities');
  return {
    visible: ({ organisationId, userId }) =>
      pagesOf(opportunities, {
        organisationId,
        $or: [{ isPrivate: { $ne: true } }, { fileOwnerId: userId }, { userId }],
      } as Filter<OpportunityDoc>),
  };
}
