// The feeds (collection `calendarFeeds`: one per member per organisation, the secret kept as its
// SHA-256); the member's dated opportunities are read through the follow-ups component
// (docs/decisions/calendar-feed.md).
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';

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

export class CalendarFeedRepository {
  private readonly feeds: Collection<CalendarFeedDoc>;

  constructor(store: Store) {
    this.feeds = store.collection<CalendarFeedDoc>('calendarFeeds');
  }

  async ensureIndexes(): Promise<void> {
    await this.feeds.createIndex({ organisationId: 1, userId: 1 }, { unique: true });
    await this.feeds.createIndex({ selector: 1 }, { unique: true });
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
}
