// The feeds (collection `calendarFeeds`: one per member per organisation, the secret kept as its
// SHA-256) and the feed's own read of a member's dated opportunities (docs/decisions/calendar-feed.md).
import type { OpportunityState } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store } from '../../db/types';

export type CalendarFeedDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  /** Finds the feed (not secret; changes with every regeneration). */
  selector: string;
  /** SHA-256 (hex) of the secret part of the address. */
  secretHash: string;
  createdAt: number;
};

/**
 * What the feed reads of an opportunity: the fields of the opportunities component's documents it
 * needs, nothing else (a read of that collection, see the decision page).
 */
export type DatedOpportunity = {
  _id: string;
  prospectId: string;
  state: OpportunityState;
  /** WAITING: the follow-up date. */
  waitingDate?: number;
  /** A renewal follow-up not yet due, and the contract end date it is for. */
  renewalAt?: number;
  renewalEndDate?: string;
};

type OpportunityFields = DatedOpportunity & { organisationId: string; userId: string };

const DATED_FIELDS = {
  _id: 1,
  prospectId: 1,
  state: 1,
  waitingDate: 1,
  renewalAt: 1,
  renewalEndDate: 1,
} as const;

export class CalendarFeedRepository {
  private readonly feeds: Collection<CalendarFeedDoc>;
  private readonly opportunities: Collection<OpportunityFields>;

  constructor(store: Store) {
    this.feeds = store.collection<CalendarFeedDoc>('calendarFeeds');
    this.opportunities = store.collection<OpportunityFields>('opportunities');
  }

  async ensureIndexes(): Promise<void> {
    await this.feeds.createIndex({ organisationId: 1, userId: 1 }, { unique: true });
    await this.feeds.createIndex({ selector: 1 }, { unique: true });
    // The feed's read of a member's WAITING opportunities: without it, every opportunity of the
    // member is read to find them (see the decision page, "Speed").
    await this.opportunities.createIndex({ organisationId: 1, userId: 1, state: 1 });
  }

  findByMember(organisationId: string, userId: string): Promise<CalendarFeedDoc | null> {
    return this.feeds.findOne({ organisationId, userId });
  }

  findBySelector(selector: string): Promise<CalendarFeedDoc | null> {
    return this.feeds.findOne({ selector });
  }

  /** The member's first feed here; false when they already have one. */
  async insert(doc: Omit<CalendarFeedDoc, '_id'>): Promise<boolean> {
    try {
      await this.feeds.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * A new selector and secret in one write: the previous address stops matching the moment it lands.
   * False when the member has no feed here.
   */
  async replace(
    organisationId: string,
    userId: string,
    set: Pick<CalendarFeedDoc, 'selector' | 'secretHash' | 'createdAt'>,
  ): Promise<boolean> {
    const { matchedCount } = await this.feeds.updateOne({ organisationId, userId }, { $set: set });
    return matchedCount === 1;
  }

  /**
   * The member's own opportunities with a date to put in a calendar: a WAITING with its follow-up
   * date, or a renewal follow-up still to come. Read through the { organisationId, userId } index.
   */
  async datedOpportunitiesOf(organisationId: string, userId: string): Promise<DatedOpportunity[]> {
    // Two indexed reads rather than one $or, which would read every opportunity of the member.
    const waiting: Filter<OpportunityFields> = {
      organisationId,
      userId,
      state: 'WAITING',
      waitingDate: { $exists: true },
    };
    const renewing: Filter<OpportunityFields> = { organisationId, renewalAt: { $exists: true }, userId };
    const [followUps, renewals] = (await Promise.all([
      this.opportunities.find(waiting, { projection: DATED_FIELDS }),
      this.opportunities.find(renewing, { projection: DATED_FIELDS }),
    ])) as [DatedOpportunity[], DatedOpportunity[]];
    const seen = new Set(followUps.map((opportunity) => opportunity._id));
    return [...followUps, ...renewals.filter((opportunity) => !seen.has(opportunity._id))];
  }
}
