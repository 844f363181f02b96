import type { CalendarFeedStatusReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetCalendarFeedInput = { organisationId: string };

/** Whether the caller has a calendar address in the organisation, and a licence there. */
export function getCalendarFeed(input: GetCalendarFeedInput): Promise<CalendarFeedStatusReply> {
  return apiPost<CalendarFeedStatusReply>('/api/calendar/get', input);
}
