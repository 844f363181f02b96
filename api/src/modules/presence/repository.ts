// Who has which opportunity open, in the store (so every API process answers the same):
// one document per organisation, opportunity and member, refreshed by each heartbeat.
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';

export type PresenceDoc = {
  /** organisationId:opportunityId:userId, so a member is there once whatever their tabs. */
  _id: string;
  organisationId: string;
  opportunityId: string;
  userId: string;
  /** When this member opened it (kept across heartbeats): the order of the line. */
  since: number;
  /** The last heartbeat. */
  seenAt: number;
};

export type PresenceKey = { organisationId: string; opportunityId: string; userId: string };

const idOf = (key: PresenceKey) => `${key.organisationId}:${key.opportunityId}:${key.userId}`;

export class PresenceRepository {
  private readonly presence: Collection<PresenceDoc>;

  constructor(store: Store) {
    this.presence = store.collection<PresenceDoc>('presence');
  }

  async ensureIndexes(): Promise<void> {
    await this.presence.createIndex({ organisationId: 1, opportunityId: 1, seenAt: 1 });
    await this.presence.createIndex({ seenAt: 1 });
  }

  /** The member is there at `now` (an insert the first time, a new seenAt afterwards). */
  async seen(key: PresenceKey, now: number, ttlMs: number): Promise<void> {
    const _id = idOf(key);
    // A member back after leaving (or expiring) starts a new stay.
    const refresh = () =>
      this.presence.updateOne({ _id, seenAt: { $gte: now - ttlMs } }, { $set: { seenAt: now } });
    if ((await refresh()).matchedCount === 1) return;
    await this.presence.deleteOne({ _id });
    try {
      await this.presence.insertOne({ _id, ...key, since: now, seenAt: now });
    } catch (error) {
      // Another process (the same member's other tab) wrote it meanwhile.
      if (!(error instanceof DuplicateKeyError)) throw error;
      await refresh();
    }
  }

  async left(key: PresenceKey): Promise<void> {
    await this.presence.deleteOne({ _id: idOf(key) });
  }

  /** Everyone seen on the opportunity after `after`, but `userId`, longest there first. */
  others(key: PresenceKey, after: number): Promise<PresenceDoc[]> {
    return this.presence.find(
      {
        organisationId: key.organisationId,
        opportunityId: key.opportunityId,
        seenAt: { $gt: after },
        userId: { $ne: key.userId },
      },
      { sort: { since: 1, userId: 1 } },
    );
  }

  /** Removes what nobody refreshed since `before` (closed tabs, lost connections). */
  async sweep(before: number): Promise<number> {
    return (await this.presence.deleteMany({ seenAt: { $lt: before } })).deletedCount;
  }
}
