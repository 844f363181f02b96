// The tickets that open an event stream: kept in the store (hashed), so a ticket asked from one API
// process opens a stream on another, and used once.
import { createHash } from 'node:crypto';
import type { Collection, Store } from '../../db/types';

export type LiveTicketDoc = {
  /** SHA-256 of the ticket: a copy of the store opens no stream. */
  _id: string;
  organisationId: string;
  userId: string;
  expiresAt: number;
};

export const hashTicket = (ticket: string): string =>
  createHash('sha256').update(ticket, 'utf8').digest('hex');

export class LiveRepository {
  private readonly tickets: Collection<LiveTicketDoc>;

  constructor(store: Store) {
    this.tickets = store.collection<LiveTicketDoc>('liveTickets');
  }

  async ensureIndexes(): Promise<void> {
    await this.tickets.createIndex({ expiresAt: 1 });
  }

  async insertTicket(doc: LiveTicketDoc): Promise<void> {
    await this.tickets.insertOne(doc);
  }

  /** The ticket's holder, once: the delete decides between two processes given the same ticket. */
  async consumeTicket(ticket: string, now: number): Promise<LiveTicketDoc | null> {
    const _id = hashTicket(ticket);
    const doc = await this.tickets.findOne({ _id });
    if (!doc) return null;
    const { deletedCount } = await this.tickets.deleteOne({ _id });
    return deletedCount === 1 && doc.expiresAt > now ? doc : null;
  }

  /** Tickets asked and never used. */
  async deleteExpired(now: number): Promise<void> {
    await this.tickets.deleteMany({ expiresAt: { $lte: now } });
  }
}
