// Comments (their own collection, indexed by opportunity, DESIGN.md §5) and the comment statuses of
// each organisation.
import type { Collection, Store } from '../../db/types';

export type MessageDoc = {
  _id: string;
  organisationId: string;
  opportunityId: string;
  text: string;
  /** Epoch ms. */
  date: number;
  userId: string;
  /** The author's and the status's names when posted, so lists need no join. */
  username: string;
  statusId: string;
  statusName: string;
  /** Set until the opportunity's history logs the comment (MessagesService.post). */
  pending?: true;
};

export type StatusDoc = { _id: string; organisationId: string; name: string; position: number };

export class MessagesRepository {
  readonly messages: Collection<MessageDoc>;
  readonly statuses: Collection<StatusDoc>;

  constructor(store: Store) {
    this.messages = store.collection<MessageDoc>('messages');
    this.statuses = store.collection<StatusDoc>('statuses');
  }

  async ensureIndexes(): Promise<void> {
    await this.messages.createIndex({ organisationId: 1, opportunityId: 1, date: 1 });
    // Only the few comments being posted carry it.
    await this.messages.createIndex({ pending: 1 }, { sparse: true });
    await this.statuses.createIndex({ organisationId: 1, name: 1 }, { unique: true });
  }

  /** Inserted marked `pending` (until settleMessage); returned without the mark. */
  async insertPendingMessage(doc: Omit<MessageDoc, '_id'>): Promise<MessageDoc> {
    const { insertedId } = await this.messages.insertOne({ ...doc, pending: true });
    return { ...doc, _id: insertedId };
  }

  async settleMessage(messageId: string): Promise<void> {
    await this.messages.updateOne({ _id: messageId }, { $unset: { pending: true } });
  }

  async removeMessage(messageId: string): Promise<void> {
    await this.messages.deleteOne({ _id: messageId });
  }

  /** Comments still marked pending, without the mark. */
  async pendingMessages(limit: number): Promise<MessageDoc[]> {
    const found = await this.messages.find({ pending: { $exists: true } }, { limit });
    return found.map(({ pending: _pending, ...message }) => message);
  }

  /** Oldest first, as the detail page's chat reads them. */
  messagesOf(organisationId: string, opportunityId: string): Promise<MessageDoc[]> {
    return this.messages.find({ organisationId, opportunityId }, { sort: { date: 1, _id: 1 } });
  }

  statusesOf(organisationId: string): Promise<StatusDoc[]> {
    return this.statuses.find({ organisationId }, { sort: { position: 1 } });
  }

  findStatus(organisationId: string, statusId: string): Promise<StatusDoc | null> {
    return this.statuses.findOne({ _id: statusId, organisationId });
  }

  async insertStatuses(docs: Omit<StatusDoc, '_id'>[]): Promise<void> {
    if (docs.length > 0) await this.statuses.insertMany(docs);
  }
}
