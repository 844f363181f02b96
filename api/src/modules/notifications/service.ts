// The notification centre of one member in one organisation: the producers' events written once,
// the follow-ups come due looked for at each look (list or count), a page newest first, the unread
// count, one or all marked read. docs/decisions/notifications.md.
import {
  NOTIFICATION_MESSAGES,
  type NotificationCountReply,
  type NotificationPageReply,
  type NotificationView,
} from '@app/domain';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error';
import { type Names, type NotificationEvent, write } from './events';
import type { Member, NotificationDoc, NotificationsRepository } from './repository';

/** The follow-ups of a member come due in (`after`, `now`], with their prospect's name. */
export type DueFollowUps = (
  organisationId: string,
  userId: string,
  after: number,
  now: number,
) => Promise<{ _id: string; waitingDate?: number; prospectName: string }[]>;

/** A member's first look goes back this far for follow-ups come due (older ones are in "Aujourd'hui"). */
export const FIRST_LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A look that finds nothing moves the cursor at most this often: the bell's polls then read without
 * writing, and the window looked at stays this short (bench/notifications.mjs).
 */
export const CURSOR_MOVE_MS = 60 * 1000;
/** The most follow-ups one look asks for (follow-ups/agenda.ts AGENDA_MAX_ITEMS). */
const AGENDA_PAGE = 500;

export type NotificationsServiceDeps = {
  repository: NotificationsRepository;
  names: Names;
  dueFollowUps: DueFollowUps;
  logger: Logger;
  now: () => number;
};

const viewOf = (doc: NotificationDoc): NotificationView => ({
  _id: doc._id,
  kind: doc.kind,
  text: doc.text,
  link: doc.link,
  createdAt: doc.createdAt,
  read: doc.read,
});

export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  /** Writes the event's notification once; a failure is logged, never thrown at the producer. */
  readonly notify = async (event: NotificationEvent): Promise<void> => {
    try {
      await this.record(event);
    } catch (error) {
      this.deps.logger.error({ err: error, kind: event.kind }, 'Notification non enregistrée');
    }
  };

  private async record(event: NotificationEvent): Promise<boolean> {
    const written = await write(event, this.deps.names);
    return this.deps.repository.insert({
      organisationId: event.organisationId,
      userId: event.userId,
      kind: written.kind,
      text: written.text,
      link: written.link,
      key: written.key,
      createdAt: this.deps.now(),
    });
  }

  async page(member: Member, offset: number, limit: number): Promise<NotificationPageReply> {
    await this.lookForFollowUps(member);
    const { repository } = this.deps;
    const [docs, total, unread] = await Promise.all([
      repository.page(member, offset, limit),
      repository.total(member),
      repository.unread(member),
    ]);
    return { notifications: docs.map(viewOf), total, unread };
  }

  async count(member: Member): Promise<NotificationCountReply> {
    await this.lookForFollowUps(member);
    return { unread: await this.deps.repository.unread(member) };
  }

  async read(member: Member, notificationId: string): Promise<NotificationCountReply> {
    if (!(await this.deps.repository.markRead(member, notificationId, this.deps.now())))
      throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
    return { unread: await this.deps.repository.unread(member) };
  }

  async readAll(member: Member): Promise<NotificationCountReply> {
    await this.deps.repository.markAllRead(member, this.deps.now());
    return { unread: await this.deps.repository.unread(member) };
  }

  /**
   * The member's follow-ups whose date has come since the last look become notifications (each
   * once: its key holds the opportunity and the date), then the look moves on. Two processes looking
   * at once write each one once (unique key) and the cursor only moves forward. A look that finds
   * nothing leaves the cursor for up to a minute (no write per poll).
   */
  private async lookForFollowUps(member: Member): Promise<void> {
    const { repository } = this.deps;
    const now = this.deps.now();
    const after = (await repository.followUpsCursor(member)) ?? now - FIRST_LOOK_BACK_MS;
    const due = await this.deps.dueFollowUps(member.organisationId, member.userId, after, now);
    for (const followUp of due) {
      await this.record({
        ...member,
        kind: 'followUpDue',
        opportunityId: followUp._id,
        prospectName: followUp.prospectName,
        waitingDate: followUp.waitingDate ?? now,
      });
    }
    // At most AGENDA_MAX_ITEMS a look: the cursor stops at the last one written, the next look goes on.
    const reached = due.length >= AGENDA_PAGE ? (due.at(-1)?.waitingDate ?? now + 1) - 1 : now;
    if (due.length > 0 || reached - after >= CURSOR_MOVE_MS)
      await repository.advanceFollowUpsCursor(member, reached);
  }
}
