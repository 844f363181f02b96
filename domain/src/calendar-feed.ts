// The calendar feed (issue 20): a member's private iCalendar address of their follow-ups and renewal
// dates in one organisation, and the calls of the account page that show and regenerate it.
// docs/decisions/calendar-feed.md.
import { OBJECT_ERROR } from './validation/fields';
import { z } from './zod';

/** /api/calendar/get, /api/calendar/create, /api/calendar/regenerate: nothing but the organisation. */
export const calendarFeedSchema = z.object({}, OBJECT_ERROR);

/** /api/calendar/get: whether the caller has a feed here (its address is shown only when made). */
export type CalendarFeedStatusReply = {
  /** When the current address was made (epoch ms), or null when there is none. */
  createdAt: number | null;
  /** The feed serves only members who hold a licence in the organisation. */
  hasLicence: boolean;
};

/** /api/calendar/create and /api/calendar/regenerate: the new address, shown this once. */
export type CalendarFeedAddressReply = { url: string; createdAt: number };

export const CALENDAR_FEED_MESSAGES = {
  alreadyExists: 'Votre lien d’agenda existe déjà : régénérez-le pour en obtenir un nouveau',
  licenceRequired: 'Une licence dans cette organisation est nécessaire pour obtenir un lien d’agenda',
  notFound: 'Agenda introuvable : ce lien a été régénéré ou n’est plus valable',
  tooMany: 'Trop de demandes pour cet agenda, veuillez réessayer dans quelques minutes',
} as const;
