import type { CalendarFeedAddressReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type RegenerateCalendarFeedInput = { organisationId: string };

/** A new calendar address; the previous one stops working at once. */
export function regenerateCalendarFeed(
  input: RegenerateCalendarFeedInput,
): Promise<CalendarFeedAddressReply> {
  return apiPost<CalendarFeedAddressReply>('/api/calendar/regenerate', input);
}
