// The morning e-mail's own collections: the day's sends (one per member per organisation per day,
// claimed by a unique index before the e-mail leaves), each member's choice, the organisations whose
// day is done, and the secret its links are signed with (docs/decisions/morning-digest.md).
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';
import { createSecret } from '../accounts/module';

/**
 * 'sending': claimed, the e-mail is leaving (`until`: when a claim whose holder died may be taken
 * again); 'sent': done; 'failed': the mailer refused it (taken again at the next check while
 * `attempts` < MAX_ATTEMPTS).
 */
export type DigestSendState = 'sending' | 'sent' | 'failed';

export type DigestSendDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  /** 'YYYY-MM-DD' in Europe/Paris. */
  day: string;
  state: DigestSendState;
  /** Who holds the claim: a write carrying another token changes nothing. */
  token: string;
  claimedAt: number;
  until: number;
  attempts: number;
  sentAt?: number;
  error?: string;
  /** How many follow-ups, overdue ones and renewals the e-mail listed. */
  counts?: { today: number; overdue: number; renewals: number };
};

export type DigestPreferenceDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  enabled: boolean;
  changedAt: number;
  /** Where it was last changed: the account page or the e-mail's unsubscribe link. */
  via: 'account' | 'unsubscribe';
};

/**
 * One per organisation and day once every member's e-mail of that day is settled (`_id` day:organisation),
 * and one for the day itself (`_id` day, organisationId '') once every organisation is.
 */
export type DigestDayDoc = {
  _id: string;
  organisationId: string;
  day: string;
  doneAt: number;
  /**
   * The day's marker: when the first run of the day began, whichever process ran it (from the day's
   * start record, `_id` day:started), so doneAt − startedAt is the day's length (logs and bench).
   */
  startedAt?: number;
};

type SecretDoc = { _id: string; secret: string };

/** A send the mailer refused is tried at most this many times in its day. */
export const MAX_ATTEMPTS = 3;

const SECRET_ID = 'link-signing';

export class DigestRepository {
  readonly sends: Collection<DigestSendDoc>;
  private readonly preferences: Collection<DigestPreferenceDoc>;
  private readonly days: Collection<DigestDayDoc>;
  private readonly secrets: Collection<SecretDoc>;

  constructor(store: Store) {
    this.sends = store.collection<DigestSendDoc>('digestSends');
    this.preferences = store.collection<DigestPreferenceDoc>('digestPreferences');
    this.days = store.collection<DigestDayDoc>('digestDays');
    this.secrets = store.collection<SecretDoc>('digestSecrets');
  }

  async ensureIndexes(): Promise<void> {
    // The key of "exactly once": a second claim of the same member, organisation and day is refused.
    await this.sends.createIndex({ organisationId: 1, userId: 1, day: 1 }, { unique: true });
    await this.sends.createIndex({ organisationId: 1, day: 1 });
    await this.sends.createIndex({ day: 1 });
    await this.preferences.createIndex({ organisationId: 1, userId: 1 }, { unique: true });
    await this.days.createIndex({ day: 1 });
  }

  /**
   * The signing secret every process on this store shares: made once (the first insert wins, the
   * others read it), kept in the store so links survive restarts and work on every process.
   */
  async signingSecret(): Promise<string> {
    const existing = await this.secrets.findOne({ _id: SECRET_ID });
    if (existing) return existing.secret;
    try {
      await this.secrets.insertOne({ _id: SECRET_ID, secret: createSecret() });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const made = await this.secrets.findOne({ _id: SECRET_ID });
    if (!made) throw new Error('Secret des liens de l’e-mail du matin introuvable');
    return made.secret;
  }

  // Claims.

  /**
   * Takes the day's send of one member: a new claim (the unique index lets one process win), or a
   * claim that can be taken again (refused by the mailer, or held by a process that died: its
   * `until` has passed), while it has attempts left. False: someone else has it, or it is settled.
   */
  async claim(
    key: { organisationId: string; userId: string; day: string },
    token: string,
    now: number,
    holdMs: number,
  ): Promise<boolean> {
    try {
      await this.sends.insertOne({
        ...key,
        state: 'sending',
        token,
        claimedAt: now,
        until: now + holdMs,
        attempts: 1,
      });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const { matchedCount } = await this.sends.updateOne(
      {
        ...key,
        attempts: { $lt: MAX_ATTEMPTS },
        $or: [{ state: 'failed' }, { state: 'sending', until: { $lt: now } }],
      },
      { $set: { state: 'sending', token, claimedAt: now, until: now + holdMs }, $inc: { attempts: 1 } },
    );
    return matchedCount === 1;
  }

  async markSent(
    key: { organisationId: string; userId: string; day: string },
    token: string,
    now: number,
    counts: DigestSendDoc['counts'],
  ): Promise<void> {
    await this.sends.updateOne(
      { ...key, token },
      { $set: { state: 'sent', sentAt: now, ...(counts ? { counts } : {}) } },
    );
  }

  async markFailed(
    key: { organisationId: string; userId: string; day: string },
    token: string,
    reason: string,
  ): Promise<void> {
    await this.sends.updateOne({ ...key, token }, { $set: { state: 'failed', error: reason.slice(0, 500) } });
  }

  /** The day's claims in one organisation (a few per member at most). */
  claimsOf(organisationId: string, day: string): Promise<DigestSendDoc[]> {
    return this.sends.find(
      { organisationId, day },
      { projection: { userId: 1, state: 1, until: 1, attempts: 1 } },
    );
  }

  /** Sends of days before `day` are history no one reads: removed once a day. */
  async pruneBefore(day: string): Promise<void> {
    await this.sends.deleteMany({ day: { $lt: day } });
    await this.days.deleteMany({ day: { $lt: day } });
  }

  // Days and organisations done.

  /** The whole day is done: every organisation was settled by a run of that day. */
  async isDayDone(day: string): Promise<boolean> {
    return (await this.days.findOne({ _id: day })) !== null;
  }

  /** Records when the first run of the day began (the first process to write it wins). */
  async markDayStarted(day: string, startedAt: number): Promise<void> {
    try {
      await this.days.insertOne({ _id: `${day}:started`, organisationId: '', day, startedAt, doneAt: 0 });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async markDayDone(day: string, startedAt: number, now: number): Promise<void> {
    const first = (await this.days.findOne({ _id: `${day}:started` }))?.startedAt ?? startedAt;
    try {
      await this.days.insertOne({
        _id: day,
        organisationId: '',
        day,
        startedAt: Math.min(first, startedAt),
        doneAt: now,
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async doneOrganisations(day: string, organisationIds: readonly string[]): Promise<Set<string>> {
    if (organisationIds.length === 0) return new Set();
    const done = await this.days.find({ _id: { $in: organisationIds.map((id) => `${day}:${id}`) } });
    return new Set(done.map((doc) => doc.organisationId));
  }

  async markOrganisationDone(day: string, organisationId: string, now: number): Promise<void> {
    try {
      await this.days.insertOne({ _id: `${day}:${organisationId}`, organisationId, day, doneAt: now });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  // Preferences (on unless turned off).

  async isEnabled(organisationId: string, userId: string): Promise<boolean> {
    return (await this.preferences.findOne({ organisationId, userId }))?.enabled ?? true;
  }

  /** Of `userIds`, those who turned the organisation's morning e-mail off. */
  async disabledAmong(organisationId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const off = await this.preferences.find(
      { organisationId, enabled: false },
      { projection: { userId: 1 } },
    );
    const asked = new Set(userIds);
    return new Set(off.map((doc) => doc.userId).filter((id) => asked.has(id)));
  }

  async setEnabled(
    organisationId: string,
    userId: string,
    enabled: boolean,
    now: number,
    via: DigestPreferenceDoc['via'],
  ): Promise<void> {
    const set = { enabled, changedAt: now, via };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { matchedCount } = await this.preferences.updateOne({ organisationId, userId }, { $set: set });
      if (matchedCount === 1) return;
      try {
        await this.preferences.insertOne({ organisationId, userId, ...set });
        return;
      } catch (error) {
        // Written at the same moment by another request: the update above now finds it.
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }
}
