import type { CalendarFeedAddressReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateCalendarFeedInput = { organisationId: string };

/** The caller's first calendar address in the organisation (shown this once). */
export function createCalendarFeed(input: CreateCalendarFeedInput): Promise<CalendarFeedAddressReply> {
  return apiPost<CalendarFeedAddressReply>('/api/calendar/create', input);
}
