// Saved rounds (tournées): one document per round, owned by one member of one organisation.
import type { RoundStart, RoundStop } from '@app/domain';
import type { Collection, Store } from '../../db/types';

export type RoundDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  name: string;
  start: RoundStart;
  stops: RoundStop[];
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
};

/** A round's owner: every read and write is scoped by both, so no id reaches another's round. */
export type RoundOwner = { organisationId: string; userId: string };

export type RoundContent = Pick<RoundDoc, 'name' | 'start' | 'stops'>;

export class RoundsRepository {
  private readonly rounds: Collection<RoundDoc>;

  constructor(store: Store) {
    this.rounds = store.collection<RoundDoc>('rounds');
  }

  async ensureIndexes(): Promise<void> {
    await this.rounds.createIndex({ organisationId: 1, userId: 1, updatedAt: -1 });
  }

  /** Newest first. */
  listOf(owner: RoundOwner): Promise<RoundDoc[]> {
    return this.rounds.find(
      { organisationId: owner.organisationId, userId: owner.userId },
      { sort: { updatedAt: -1, _id: 1 } },
    );
  }

  find(owner: RoundOwner, roundId: string): Promise<RoundDoc | null> {
    return this.rounds.findOne({ _id: roundId, organisationId: owner.organisationId, userId: owner.userId });
  }

  async insert(owner: RoundOwner, content: RoundContent, at: number): Promise<RoundDoc> {
    const doc = { ...owner, ...content, createdAt: at, updatedAt: at };
    const { insertedId } = await this.rounds.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  /** false when the owner has no such round. */
  async replace(owner: RoundOwner, roundId: string, content: RoundContent, at: number): Promise<boolean> {
    const { matchedCount } = await this.rounds.updateOne(
      { _id: roundId, organisationId: owner.organisationId, userId: owner.userId },
      { $set: { name: content.name, start: content.start, stops: content.stops, updatedAt: at } },
    );
    return matchedCount === 1;
  }

  async remove(owner: RoundOwner, roundId: string): Promise<boolean> {
    const { deletedCount } = await this.rounds.deleteOne({
      _id: roundId,
      organisationId: owner.organisationId,
      userId: owner.userId,
    });
    return deletedCount === 1;
  }
}
