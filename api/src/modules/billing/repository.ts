// Billing records through the collection interface: the subscriptions the provider confirmed, the
// checkout sessions already saved, and the webhook events already applied.
import type { Billing, BillingMode, PlanCode } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';
import type { SubscriptionStatus } from './provider';

export type SubscriptionDoc = {
  _id: string;
  organisationId: string;
  mode: BillingMode;
  subscriptionId: string;
  customerId: string;
  product: string;
  plan: PlanCode;
  period: Billing;
  seats: number;
  status: SubscriptionStatus;
  /** Epoch ms the keys are valid until: moves only while the subscription is paid. */
  paidUntil: number;
  createdAt: number;
  updatedAt: number;
  /** Licences taken back at the last seat drop (shown to the owner by getMainSub). */
  released?: number;
};

export type SavedCheckoutDoc = {
  _id: string;
  sessionId: string;
  organisationId: string;
  subscriptionId: string;
  savedAt: number;
};

export type ProcessedEventDoc = { _id: string; eventId: string; type: string; processedAt: number };

async function insertOnce<T extends { _id: string }>(
  collection: Collection<T>,
  doc: Omit<T, '_id'>,
): Promise<boolean> {
  try {
    await collection.insertOne(doc as never);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

export class BillingRepository {
  private readonly subscriptions: Collection<SubscriptionDoc>;
  private readonly checkouts: Collection<SavedCheckoutDoc>;
  private readonly events: Collection<ProcessedEventDoc>;

  constructor(store: Store) {
    this.subscriptions = store.collection<SubscriptionDoc>('billingSubscriptions');
    this.checkouts = store.collection<SavedCheckoutDoc>('billingCheckouts');
    this.events = store.collection<ProcessedEventDoc>('billingEvents');
  }

  async ensureIndexes(): Promise<void> {
    await this.subscriptions.createIndex({ subscriptionId: 1 }, { unique: true });
    await this.subscriptions.createIndex({ organisationId: 1 });
    await this.checkouts.createIndex({ sessionId: 1 }, { unique: true });
    await this.events.createIndex({ eventId: 1 }, { unique: true });
  }

  findSubscription(subscriptionId: string): Promise<SubscriptionDoc | null> {
    return this.subscriptions.findOne({ subscriptionId });
  }

  /** The organisation's subscriptions, most recent first. */
  subscriptionsOf(organisationId: string): Promise<SubscriptionDoc[]> {
    return this.subscriptions.find({ organisationId }, { sort: { createdAt: -1, _id: -1 } });
  }

  /** Inserts or replaces the record of one subscription (its id is unique). */
  async saveSubscription(doc: Omit<SubscriptionDoc, '_id'>): Promise<void> {
    if (await insertOnce(this.subscriptions, doc)) return;
    const { createdAt: _createdAt, ...changes } = doc;
    await this.subscriptions.updateOne({ subscriptionId: doc.subscriptionId }, { $set: changes });
  }

  async clearReleased(subscriptionId: string): Promise<void> {
    await this.subscriptions.updateOne({ subscriptionId }, { $unset: { released: true } });
  }

  findSavedCheckout(sessionId: string): Promise<SavedCheckoutDoc | null> {
    return this.checkouts.findOne({ sessionId });
  }

  async recordSavedCheckout(doc: Omit<SavedCheckoutDoc, '_id'>): Promise<void> {
    await insertOnce(this.checkouts, doc);
  }

  async isEventProcessed(eventId: string): Promise<boolean> {
    return (await this.events.findOne({ eventId })) !== null;
  }

  async recordEvent(doc: Omit<ProcessedEventDoc, '_id'>): Promise<void> {
    await insertOnce(this.events, doc);
  }
}
