// Opportunities through the collection interface. Who sees which opportunity is decided here, in
// the one filter every read goes through (docs/decisions/opportunities.md, "Ownership").
import type { OpportunityState } from '@app/domain';
import type { Collection, Filter, Store, Update } from '../../db/types';
import type { MessageDoc } from '../messages/module';

/** One line of an opportunity's history; `by` null = the server itself (renewal follow-up). */
export type HistoryEntry = {
  at: number;
  by: string | null;
  from: OpportunityState | null;
  to: OpportunityState;
  /** Absent on state changes written before issue 9. */
  kind?: 'create' | 'state' | 'comment' | 'assign' | 'renewal';
  reason?: string;
};

/** Kept for the issue 8 name. */
export type StateChange = HistoryEntry;

export type OpportunityDoc = {
  _id: string;
  organisationId: string;
  prospectId: string;
  /** The prospect's file; '' for a manual opportunity (its prospect belongs to no file). */
  excelId: string;
  /** The owner: whoever made or took it, or whom a manager handed it to. */
  userId: string;
  state: OpportunityState;
  creationDate: number;
  /** When the stored state was entered; for TODO, when it became due. */
  stateChangedAt: number;
  /** WAITING: the follow-up date (epoch ms). */
  waitingDate?: number;
  /** Copied from the prospect's file: a private file's opportunities stay its creator's business. */
  isPrivate?: boolean;
  fileOwnerId?: string;
  /** JSON text of the contractual information object. */
  informationContractuelle?: string;
  /** When the renewal follow-up is due, and the contract end date it is for. */
  renewalAt?: number;
  renewalEndDate?: string;
  /** The last comments, newest first, for the cards (the full log is in `messages`). */
  recentMessages?: MessageDoc[];
  messageCount?: number;
  history: HistoryEntry[];
};

/** What sorting and counting need, read without the rest of the document. */
export type OpportunityKey = Pick<
  OpportunityDoc,
  '_id' | 'state' | 'stateChangedAt' | 'waitingDate' | 'creationDate' | 'prospectId' | 'userId'
>;

/** Who is asking, and whether their role lets them see beyond their own opportunities. */
export type Scope = { organisationId: string; userId: string; seesAll: boolean };

const KEY_PROJECTION = {
  state: 1,
  stateChangedAt: 1,
  waitingDate: 1,
  creationDate: 1,
  prospectId: 1,
  userId: 1,
} as const;

/** Writes touch at most this many documents per call (then yield), as every bulk path does. */
export const WRITE_CHUNK = 2000;

export class OpportunitiesRepository {
  readonly opportunities: Collection<OpportunityDoc>;

  constructor(store: Store) {
    this.opportunities = store.collection<OpportunityDoc>('opportunities');
  }

  async ensureIndexes(): Promise<void> {
    await this.opportunities.createIndex({ organisationId: 1, state: 1 });
    await this.opportunities.createIndex({ organisationId: 1, userId: 1 });
    await this.opportunities.createIndex({ organisationId: 1, prospectId: 1 });
    await this.opportunities.createIndex({ organisationId: 1, renewalAt: 1 });
    await this.opportunities.createIndex({ renewalAt: 1 });
  }

  /**
   * The opportunities a scope may see: its own, or with seesAll every one of the organisation,
   * except those of another member's private file.
   */
  visible(scope: Scope): Filter<OpportunityDoc> {
    if (!scope.seesAll) return { organisationId: scope.organisationId, userId: scope.userId };
    return {
      organisationId: scope.organisationId,
      $or: [{ isPrivate: { $ne: true } }, { fileOwnerId: scope.userId }, { userId: scope.userId }],
    };
  }

  async insert(doc: OpportunityDoc): Promise<OpportunityDoc> {
    await this.opportunities.insertOne(doc);
    return doc;
  }

  findVisible(scope: Scope, opportunityId: string): Promise<OpportunityDoc | null> {
    return this.opportunities.findOne({ _id: opportunityId, ...this.visible(scope) });
  }

  /** Sort keys of every visible opportunity in some stored states. */
  keys(scope: Scope, states?: readonly OpportunityState[]): Promise<OpportunityKey[]> {
    const filter = this.visible(scope);
    if (states) filter.state = states.length === 1 ? states[0] : { $in: states };
    return this.opportunities.find(filter, { projection: KEY_PROJECTION }) as Promise<OpportunityKey[]>;
  }

  /** Full documents (history left out) of some ids, in no particular order. */
  byIds(organisationId: string, ids: readonly string[]): Promise<OpportunityDoc[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.opportunities.find(
      { organisationId, _id: { $in: ids } },
      { projection: { history: 0, renewalEndDate: 0, fileOwnerId: 0 } },
    );
  }

  /** Applies an update to one opportunity the caller could see when it was read. */
  async update(
    doc: Pick<OpportunityDoc, '_id' | 'organisationId'>,
    update: Update<OpportunityDoc>,
  ): Promise<boolean> {
    const { matchedCount } = await this.opportunities.updateOne(
      { _id: doc._id, organisationId: doc.organisationId },
      update,
    );
    return matchedCount === 1;
  }

  /** Compare-and-set on the comment count, so two comments at once both reach the preview. */
  async setRecentMessages(
    doc: Pick<OpportunityDoc, '_id' | 'organisationId' | 'messageCount'>,
    recent: MessageDoc[],
    entry: HistoryEntry,
  ): Promise<boolean> {
    const count = doc.messageCount ?? 0;
    const { matchedCount } = await this.opportunities.updateOne(
      {
        _id: doc._id,
        organisationId: doc.organisationId,
        ...(count === 0
          ? { $or: [{ messageCount: 0 }, { messageCount: { $exists: false } }] }
          : { messageCount: count }),
      },
      { $set: { recentMessages: recent, messageCount: count + 1 }, $push: { history: entry } },
    );
    return matchedCount === 1;
  }

  /** Renewal follow-ups due by `now` (one organisation, or all), a chunk at a time. */
  dueRenewals(now: number, organisationId?: string): Promise<OpportunityDoc[]> {
    const filter: Filter<OpportunityDoc> = { renewalAt: { $lte: now } };
    if (organisationId !== undefined) filter.organisationId = organisationId;
    return this.opportunities.find(filter, {
      limit: WRITE_CHUNK,
      projection: {
        _id: 1,
        organisationId: 1,
        prospectId: 1,
        state: 1,
        renewalAt: 1,
        renewalEndDate: 1,
        waitingDate: 1,
        stateChangedAt: 1,
      },
    });
  }

  /** Brings one opportunity back as TODO, unless its renewal was rescheduled meanwhile. */
  async applyRenewal(doc: OpportunityDoc, entry: HistoryEntry): Promise<boolean> {
    const { matchedCount } = await this.opportunities.updateOne(
      { _id: doc._id, organisationId: doc.organisationId, renewalAt: doc.renewalAt },
      {
        $set: { state: 'TODO', stateChangedAt: doc.renewalAt },
        $unset: { renewalAt: true, waitingDate: true },
        $push: { history: entry },
      },
    );
    return matchedCount === 1;
  }
}
