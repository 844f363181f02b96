import type { Collection, Store } from '../../db/types';

export type InvitationDoc = {
  _id: string;
  /** sha256 of the secret in the link; the secret itself is only in the e-mail. */
  tokenHash: string;
  organisationId: string;
  email: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  usedAt?: number;
  usedBy?: string;
};

export class InvitationsRepository {
  readonly invitations: Collection<InvitationDoc>;

  constructor(store: Store) {
    this.invitations = store.collection<InvitationDoc>('invitations');
  }

  async ensureIndexes(): Promise<void> {
    await this.invitations.createIndex({ tokenHash: 1 }, { unique: true });
    await this.invitations.createIndex({ organisationId: 1 });
  }

  async insert(doc: Omit<InvitationDoc, '_id'>): Promise<InvitationDoc> {
    const { insertedId } = await this.invitations.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  findByTokenHash(tokenHash: string): Promise<InvitationDoc | null> {
    return this.invitations.findOne({ tokenHash });
  }

  /** Marks the invitation used by `userId` unless someone did first or it expired; true when this call won. */
  async consume(invitationId: string, userId: string, now: number): Promise<boolean> {
    const { matchedCount } = await this.invitations.updateOne(
      { _id: invitationId, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { $set: { usedAt: now, usedBy: userId } },
    );
    return matchedCount === 1;
  }

  /** Gives an invitation back when the join that consumed it could not complete. */
  async release(invitationId: string): Promise<void> {
    await this.invitations.updateOne({ _id: invitationId }, { $unset: { usedAt: true, usedBy: true } });
  }

  /** Invitations of the organisation not used yet and not expired, oldest first. */
  pendingOf(organisationId: string, now: number): Promise<InvitationDoc[]> {
    return this.invitations.find(
      { organisationId, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { sort: { createdAt: 1, _id: 1 } },
    );
  }

  findPending(organisationId: string, invitationId: string, now: number): Promise<InvitationDoc | null> {
    return this.invitations.findOne({
      _id: invitationId,
      organisationId,
      usedAt: { $exists: false },
      expiresAt: { $gt: now },
    });
  }

  /** A new secret and a new expiry: the link sent before stops working. */
  async renew(invitationId: string, tokenHash: string, createdAt: number, expiresAt: number): Promise<void> {
    await this.invitations.updateOne({ _id: invitationId }, { $set: { tokenHash, createdAt, expiresAt } });
  }

  /** Deletes a pending invitation of the organisation; false when there was none. */
  async revoke(organisationId: string, invitationId: string): Promise<boolean> {
    const { deletedCount } = await this.invitations.deleteOne({
      _id: invitationId,
      organisationId,
      usedAt: { $exists: false },
    });
    return deletedCount === 1;
  }

  async delete(invitationId: string): Promise<void> {
    await this.invitations.deleteOne({ _id: invitationId });
  }
}
