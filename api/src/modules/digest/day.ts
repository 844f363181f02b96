// The morning e-mail's day, read on the wall clock of the organisations' zone (Europe/Paris) through
// Intl: no fixed offset, so the hour is right on both sides of a daylight-saving change.
import { calendarDay, startOfCalendarDay, zonedParts } from '@app/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

export type DigestDay = {
  /** 'YYYY-MM-DD' in the zone: the key of the day's sends. */
  day: string;
  /** The hour on the zone's wall clock (0–23). */
  hour: number;
  /** Start of the day, of the next, and of the day after the 7 next (renewals window), in the zone. */
  startOfToday: number;
  startOfTomorrow: number;
  endOfRenewalWindow: number;
};

export const RENEWAL_WINDOW_DAYS = 7;

export function digestDayOf(now: number, timeZone: string): DigestDay {
  const dayNumber = calendarDay(now, timeZone);
  const { hour } = zonedParts(now, timeZone);
  return {
    day: new Date(dayNumber * DAY_MS).toISOString().slice(0, 10),
    hour,
    startOfToday: startOfCalendarDay(dayNumber, timeZone),
    startOfTomorrow: startOfCalendarDay(dayNumber + 1, timeZone),
    endOfRenewalWindow: startOfCalendarDay(dayNumber + 1 + RENEWAL_WINDOW_DAYS, timeZone),
  };
}
