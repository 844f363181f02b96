// Licence keys and the trial each organisation starts with, through the collection interface.
import type { LicencePeriod, PlanCode } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';

export type LicenceDoc = {
  _id: string;
  organisationId: string;
  /** The member holding it; absent when free ('Non attribué'). */
  userId?: string;
  plan: PlanCode;
  period: LicencePeriod;
  /** Epoch ms: valid until then (the trial's end, or the paid period's renewal). */
  renewalAt: number;
  trial: boolean;
  createdAt: number;
  /** Paid keys: the provider's subscription and the seat number in it (billing.md). */
  subscriptionId?: string;
  seat?: number;
  /** Epoch ms of the last assignment: a seat drop releases the most recent first. */
  assignedAt?: number;
};

/** One per organisation: its existence says the trial keys were made (unique index = one winner). */
export type TrialDoc = { _id: string; organisationId: string; startedAt: number; endsAt: number };

export class LicencesRepository {
  readonly licences: Collection<LicenceDoc>;
  readonly trials: Collection<TrialDoc>;

  /**
   * `changed` runs after every write to an organisation's licences, in the same transaction (the
   * organisation's access version moves, so every instance's copy of its licences is read again:
   * licences.md).
   */
  constructor(
    private readonly store: Store,
    private readonly changed: (organisationId: string) => Promise<void> = async () => undefined,
  ) {
    this.licences = store.collection<LicenceDoc>('licences');
    this.trials = store.collection<TrialDoc>('licenceTrials');
  }

  async ensureIndexes(): Promise<void> {
    await this.licences.createIndex({ organisationId: 1, userId: 1 });
    await this.trials.createIndex({ organisationId: 1 }, { unique: true });
  }

  findTrial(organisationId: string): Promise<TrialDoc | null> {
    return this.trials.findOne({ organisationId });
  }

  /** Records the trial; false when it already existed (another call started it first). */
  async insertTrial(doc: Omit<TrialDoc, '_id'>): Promise<boolean> {
    try {
      await this.trials.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * The trial record and its keys, one whole (runInTransaction: write-transactions.md); false, and
   * nothing written, when the organisation already had its trial.
   */
  async insertTrialWithLicences(
    trial: Omit<TrialDoc, '_id'>,
    docs: Omit<LicenceDoc, '_id'>[],
  ): Promise<boolean> {
    return this.store.runInTransaction(async () => {
      if (!(await this.insertTrial(trial))) return false;
      await this.insertMany(docs);
      return true;
    });
  }

  async insertMany(docs: Omit<LicenceDoc, '_id'>[]): Promise<void> {
    await this.store.runInTransaction(async () => {
      await this.licences.insertMany(docs);
      for (const organisationId of new Set(docs.map((doc) => doc.organisationId)))
        await this.changed(organisationId);
    });
  }

  /** The organisation's licences, oldest first. */
  listOf(organisationId: string): Promise<LicenceDoc[]> {
    return this.licences.find({ organisationId }, { sort: { createdAt: 1, _id: 1 } });
  }

  findOne(organisationId: string, licenceId: string): Promise<LicenceDoc | null> {
    return this.licences.findOne({ _id: licenceId, organisationId });
  }

  heldBy(organisationId: string, userId: string): Promise<LicenceDoc[]> {
    return this.licences.find({ organisationId, userId });
  }

  /** Compare-and-set on the holder, so two assignments of one key cannot both win. */
  async setHolder(licence: LicenceDoc, userId: string | null, at: number): Promise<boolean> {
    const filter = {
      _id: licence._id,
      organisationId: licence.organisationId,
      userId: licence.userId ?? null,
    };
    return this.store.runInTransaction(async () => {
      const { matchedCount } =
        userId === null
          ? await this.licences.updateOne(filter, { $unset: { userId: true } })
          : await this.licences.updateOne(filter, { $set: { userId, assignedAt: at } });
      if (matchedCount === 1) await this.changed(licence.organisationId);
      return matchedCount === 1;
    });
  }

  ofSubscription(organisationId: string, subscriptionId: string): Promise<LicenceDoc[]> {
    return this.licences.find({ organisationId, subscriptionId }, { sort: { seat: 1, _id: 1 } });
  }

  /** Inserts one key with a given id; false when it already exists (a concurrent sync made it). */
  async insertWithId(doc: LicenceDoc): Promise<boolean> {
    return this.store.runInTransaction(async () => {
      try {
        await this.licences.insertOne(doc);
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
      await this.changed(doc.organisationId);
      return true;
    });
  }

  async setTermsOf(
    organisationId: string,
    subscriptionId: string,
    terms: Pick<LicenceDoc, 'plan' | 'period' | 'renewalAt'>,
  ): Promise<void> {
    await this.store.runInTransaction(async () => {
      await this.licences.updateMany({ organisationId, subscriptionId }, { $set: terms });
      await this.changed(organisationId);
    });
  }

  async remove(licence: LicenceDoc): Promise<void> {
    await this.store.runInTransaction(async () => {
      await this.licences.deleteOne({ _id: licence._id, organisationId: licence.organisationId });
      await this.changed(licence.organisationId);
    });
  }

  async releaseAllOf(organisationId: string, userId: string): Promise<void> {
    await this.store.runInTransaction(async () => {
      await this.licences.updateMany({ organisationId, userId }, { $unset: { userId: true } });
      await this.changed(organisationId);
    });
  }
}
