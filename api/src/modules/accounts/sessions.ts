// Sessions: random 256-bit bearer tokens, stored as sha256, expiring after SESSION_TTL (30 days).
import type { AccountsRepository } from './repository';
import { createSecret, hashSecret } from './tokens';

export type Session = { sessionId: string; userId: string; expiresAt: number };

export class SessionService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  async open(userId: string): Promise<string> {
    const token = createSecret();
    const createdAt = this.now();
    await this.repository.insertSession({
      tokenHash: hashSecret(token),
      userId,
      createdAt,
      expiresAt: createdAt + this.ttlMs,
    });
    return token;
  }

  /** The live session a token opens, or null (unknown, revoked or expired; an expired one is removed). */
  async resolve(token: string): Promise<Session | null> {
    const tokenHash = hashSecret(token);
    const session = await this.repository.findSession(tokenHash);
    if (!session) return null;
    if (session.expiresAt <= this.now()) {
      await this.repository.deleteSession(tokenHash);
      return null;
    }
    return { sessionId: session._id, userId: session.userId, expiresAt: session.expiresAt };
  }

  async revoke(token: string): Promise<void> {
    await this.repository.deleteSession(hashSecret(token));
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.repository.deleteSessionsOf(userId);
  }

  async revokeOthersOf(userId: string, keptSessionId: string): Promise<void> {
    await this.repository.deleteOtherSessionsOf(userId, keptSessionId);
  }
}
