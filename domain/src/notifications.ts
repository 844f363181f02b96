// The notification centre and the day's agenda ("Aujourd'hui"): the bodies of /api/notification/* and
// /api/agenda/today, and their replies, shared by the API (validation) and the screens.
// docs/decisions/notifications.md.
import { z } from './zod';
import { fieldError, idField, OBJECT_ERROR } from './validation/fields';
import { MESSAGES } from './validation/messages';

/** What a notification is about; the API writes its French text and its link. */
export const NOTIFICATION_KINDS = [
  'followUpDue',
  'renewalDue',
  'handedOver',
  'importFinished',
  'importFailed',
  'enrichmentDone',
  'invitationAccepted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications per page, by default and at most. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE_SIZE = 100;

/** Where the bell's "Aujourd'hui" link and the navigation entry go. */
export const AGENDA_PATH = '/dashboard/aujourdhui';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification introuvable',
} as const;

const notificationId = idField('notification', MESSAGES.invalidType('notification'));

/** /api/notification/list: a page of the caller's notifications, newest first. */
export const notificationPageSchema = z.object(
  {
    offset: z
      .number({ error: fieldError('position') })
      .int(MESSAGES.invalidType('position'))
      .min(0, MESSAGES.invalidType('position'))
      .default(0),
    limit: z
      .number({ error: fieldError('limite') })
      .int(MESSAGES.invalidType('limite'))
      .min(1, MESSAGES.invalidType('limite'))
      .max(NOTIFICATION_MAX_PAGE_SIZE, MESSAGES.invalidType('limite'))
      .default(NOTIFICATION_PAGE_SIZE),
  },
  OBJECT_ERROR,
);

/** /api/notification/count, /api/notification/readAll and /api/agenda/today: nothing but the organisation. */
export const notificationNothingSchema = z.object({}, OBJECT_ERROR);

/** /api/notification/read: one notification. */
export const notificationIdSchema = z.object({ notificationId }, OBJECT_ERROR);

export type NotificationView = {
  _id: string;
  kind: NotificationKind;
  /** French, ready to show. */
  text: string;
  /** The screen it is about (a path of the app). */
  link: string;
  createdAt: number;
  read: boolean;
};

/** /api/notification/list. */
export type NotificationPageReply = {
  notifications: NotificationView[];
  total: number;
  unread: number;
};

/** /api/notification/count, read, readAll. */
export type NotificationCountReply = { unread: number };

/** One follow-up of the day's agenda. */
export type AgendaItem = {
  _id: string;
  state: 'WAITING';
  /** The follow-up date, epoch ms. */
  waitingDate: number;
  /** Whole calendar days overdue (0: due today). */
  overdueDays: number;
  prospect: {
    _id: string;
    prospect: string;
    enseigne: string;
    telephone: string;
    ville: string;
    codePostale: string;
  };
};

/** /api/agenda/today: the caller's follow-ups due today and overdue, oldest first. */
export type AgendaReply = { items: AgendaItem[]; total: number };
