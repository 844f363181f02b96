// Opportunities (minimal for now: what /api/opportunity/create writes; issue 9 extends it).
import type { OpportunityState } from '@app/domain';
import type { Collection, Store } from '../../db/types';

export type StateChange = { at: number; by: string; from: OpportunityState | null; to: OpportunityState };

export type OpportunityDoc = {
  _id: string;
  organisationId: string;
  prospectId: string;
  excelId: string;
  /** The owner: whoever made it (SPEC §6, new opportunities are assigned to the current user). */
  userId: string;
  state: OpportunityState;
  creationDate: number;
  stateChangedAt: number;
  history: StateChange[];
};

export class OpportunitiesRepository {
  readonly opportunities: Collection<OpportunityDoc>;

  constructor(store: Store) {
    this.opportunities = store.collection<OpportunityDoc>('opportunities');
  }

  async ensureIndexes(): Promise<void> {
    await this.opportunities.createIndex({ organisationId: 1, state: 1 });
    await this.opportunities.createIndex({ organisationId: 1, userId: 1 });
    await this.opportunities.createIndex({ organisationId: 1, prospectId: 1 });
  }

  async insert(doc: OpportunityDoc): Promise<OpportunityDoc> {
    await this.opportunities.insertOne(doc);
    return doc;
  }
}
