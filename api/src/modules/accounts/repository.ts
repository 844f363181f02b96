// Users, sessions and password-reset tokens, through the collection interface.
import { changeMarkOf, StampedCache } from '../../db/stamped-cache';
import type { Collection, Store } from '../../db/types';

export type UserDoc = {
  _id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  username: string;
  passwordHash: string;
  /** Job title given on quick sign-up ('Fonction'), empty otherwise. */
  fonction: string;
  createdAt: number;
  passwordChangedAt: number;
};

export type SessionDoc = {
  _id: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
};

export type PasswordResetDoc = {
  _id: string;
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt?: number;
};

export type PublicUser = { _id: string; email: string; username: string };

export function toPublicUser(user: UserDoc): PublicUser {
  return { _id: user._id, email: user.email, username: user.username };
}

export class AccountsRepository {
  readonly users: Collection<UserDoc>;
  readonly sessions: Collection<SessionDoc>;
  readonly resets: Collection<PasswordResetDoc>;
  /**
   * The sessions every call looks up, kept while the sessions collection has not changed (a sign-out,
   * a removal, any write of any process to it moves its mark): a revoked session is refused from the
   * next call on.
   */
  private readonly liveSessions: StampedCache<SessionDoc | null>;

  constructor(store: Store) {
    this.liveSessions = new StampedCache(changeMarkOf(store, ['sessions']));
    this.users = store.collection<UserDoc>('users');
    this.sessions = store.collection<SessionDoc>('sessions');
    this.resets = store.collection<PasswordResetDoc>('passwordResets');
  }

  async ensureIndexes(): Promise<void> {
    await this.users.createIndex({ email: 1 }, { unique: true });
    await this.sessions.createIndex({ tokenHash: 1 }, { unique: true });
    await this.sessions.createIndex({ userId: 1 });
    await this.resets.createIndex({ tokenHash: 1 }, { unique: true });
    await this.resets.createIndex({ userId: 1 });
  }

  findUserByEmail(email: string): Promise<UserDoc | null> {
    return this.users.findOne({ email });
  }

  findUser(userId: string): Promise<UserDoc | null> {
    return this.users.findOne({ _id: userId });
  }

  findUsers(ids: string[]): Promise<UserDoc[]> {
    return this.users.find({ _id: { $in: ids } });
  }

  async insertUser(doc: Omit<UserDoc, '_id'>): Promise<UserDoc> {
    const { insertedId } = await this.users.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  async setPassword(userId: string, passwordHash: string, now: number): Promise<void> {
    await this.users.updateOne({ _id: userId }, { $set: { passwordHash, passwordChangedAt: now } });
  }

  async insertSession(doc: Omit<SessionDoc, '_id'>): Promise<void> {
    await this.sessions.insertOne(doc);
  }

  findSession(tokenHash: string): Promise<SessionDoc | null> {
    return this.liveSessions.get(tokenHash, () => this.sessions.findOne({ tokenHash }));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.sessions.deleteOne({ tokenHash });
  }

  async deleteSessionsOf(userId: string): Promise<void> {
    await this.sessions.deleteMany({ userId });
  }

  async deleteOtherSessionsOf(userId: string, keptSessionId: string): Promise<void> {
    await this.sessions.deleteMany({ userId, _id: { $ne: keptSessionId } });
  }

  async deleteExpiredSessions(now: number): Promise<number> {
    return (await this.sessions.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }

  async insertReset(doc: Omit<PasswordResetDoc, '_id'>): Promise<void> {
    await this.resets.insertOne(doc);
  }

  findReset(tokenHash: string): Promise<PasswordResetDoc | null> {
    return this.resets.findOne({ tokenHash });
  }

  /** Marks the reset token used if nobody did first; true when this call won. */
  async consumeReset(resetId: string, now: number): Promise<boolean> {
    const { matchedCount } = await this.resets.updateOne(
      { _id: resetId, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
    );
    return matchedCount === 1;
  }

  async deleteResetsOf(userId: string): Promise<void> {
    await this.resets.deleteMany({ userId });
  }
}
