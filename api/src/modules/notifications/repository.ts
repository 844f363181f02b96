// Notifications through the collection interface: one document per notification of one member in one
// organisation, and one cursor per member and organisation (the last look for come-due follow-ups).
import type { NotificationKind } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { newId } from '../../db/ids';
import type { Collection, Store } from '../../db/types';

export type NotificationDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: number;
  read: boolean;
  readAt?: number;
  /** Unique: the same event (a follow-up's date, an import) is notified once, whatever the process. */
  key: string;
};

/** The instant up to which a member's come-due follow-ups were looked for. */
export type NotificationCursorDoc = { _id: string; followUpsUntil: number };

export type Member = { organisationId: string; userId: string };

export class NotificationsRepository {
  private readonly notifications: Collection<NotificationDoc>;
  private readonly cursors: Collection<NotificationCursorDoc>;

  constructor(store: Store) {
    this.notifications = store.collection<NotificationDoc>('notifications');
    this.cursors = store.collection<NotificationCursorDoc>('notificationCursors');
  }

  async ensureIndexes(): Promise<void> {
    await this.notifications.createIndex({ organisationId: 1, userId: 1, createdAt: -1 });
    await this.notifications.createIndex({ organisationId: 1, userId: 1, read: 1 });
    await this.notifications.createIndex({ key: 1 }, { unique: true });
  }

  /** false when the same key was already notified. */
  async insert(doc: Omit<NotificationDoc, '_id' | 'read'>): Promise<boolean> {
    try {
      await this.notifications.insertOne({ ...doc, _id: newId(), read: false });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  page(member: Member, offset: number, limit: number): Promise<NotificationDoc[]> {
    return this.notifications.find(
      { organisationId: member.organisationId, userId: member.userId },
      { sort: { createdAt: -1, _id: -1 }, skip: offset, limit },
    );
  }

  total(member: Member): Promise<number> {
    return this.notifications.countDocuments({
      organisationId: member.organisationId,
      userId: member.userId,
    });
  }

  unread(member: Member): Promise<number> {
    return this.notifications.countDocuments({
      organisationId: member.organisationId,
      userId: member.userId,
      read: false,
    });
  }

  /** false for an id that is not one of this member's notifications in this organisation. */
  async markRead(member: Member, id: string, at: number): Promise<boolean> {
    const own = { _id: id, organisationId: member.organisationId, userId: member.userId };
    if (!(await this.notifications.findOne(own, { projection: { _id: 1 } }))) return false;
    await this.notifications.updateOne({ ...own, read: false }, { $set: { read: true, readAt: at } });
    return true;
  }

  async markAllRead(member: Member, at: number): Promise<void> {
    await this.notifications.updateMany(
      { organisationId: member.organisationId, userId: member.userId, read: false },
      { $set: { read: true, readAt: at } },
    );
  }

  async followUpsCursor(member: Member): Promise<number | null> {
    const doc = await this.cursors.findOne({ _id: cursorId(member) });
    return doc?.followUpsUntil ?? null;
  }

  /** Moves the cursor forward only (two processes may look at once). */
  async advanceFollowUpsCursor(member: Member, until: number): Promise<void> {
    const _id = cursorId(member);
    const moved = await this.cursors.updateOne({ _id }, { $max: { followUpsUntil: until } });
    if (moved.matchedCount === 1) return;
    try {
      await this.cursors.insertOne({ _id, followUpsUntil: until });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.cursors.updateOne({ _id }, { $max: { followUpsUntil: until } });
    }
  }
}

const cursorId = (member: Member) => `${member.organisationId}:${member.userId}`;
