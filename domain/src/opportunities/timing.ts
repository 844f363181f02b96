// Opportunity timing (DESIGN.md §5): timeFilter and howMuchTime, computed in the organisation's time
// zone so "today" and "3 jours" mean calendar days where the salespeople are, DST days included.
// docs/decisions/opportunities.md explains the rules.
import { formatDuration, formatRemaining } from '../format';
import type { OpportunityState } from '../opportunity-states';

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock reading of an instant in a time zone (month 1–12). */
export function zonedParts(ms: number, timeZone = DEFAULT_TIME_ZONE): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MAX_CACHED_DAYS = 100_000;
const dayCaches = new Map<string, Map<number, number>>();

/**
 * Days since 1970-01-01 of the calendar date an instant falls on in the time zone. Memoised per
 * quarter of an hour (every zone's midnight falls on one), so sorting 20,000 opportunities does not
 * ask Intl 20,000 times.
 */
export function calendarDay(ms: number, timeZone = DEFAULT_TIME_ZONE): number {
  let cache = dayCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    dayCaches.set(timeZone, cache);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  const known = cache.get(bucket);
  if (known !== undefined) return known;
  const { year, month, day } = zonedParts(ms, timeZone);
  const result = Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
  if (cache.size >= MAX_CACHED_DAYS) cache.clear();
  cache.set(bucket, result);
  return result;
}

/** Whole calendar days from `from` to `to` in the time zone (a 23- or 25-hour DST day counts as one). */
export function calendarDaysBetween(from: number, to: number, timeZone = DEFAULT_TIME_ZONE): number {
  return calendarDay(to, timeZone) - calendarDay(from, timeZone);
}

/** The instant a calendar date (given as days since 1970-01-01) starts in the time zone. */
export function startOfCalendarDay(dayNumber: number, timeZone = DEFAULT_TIME_ZONE): number {
  const utcMidnight = dayNumber * DAY_MS;
  // The zone's offset is found by reading the guess back; twice, for a guess on the other side of a DST change.
  let guess = utcMidnight;
  for (let i = 0; i < 2; i += 1) {
    const parts = zonedParts(guess, timeZone);
    const readBack = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
    guess += utcMidnight - readBack;
  }
  return guess;
}

/** 'YYYY-MM-DD' as days since 1970-01-01, or null when it is not a calendar date. */
export function parseIsoDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const date = new Date(utc);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return Math.round(utc / DAY_MS);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY in the time zone (SPEC §9), whatever the runtime's own zone. */
export function formatDateInZone(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = zonedParts(ms, timeZone);
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

/** DD/MM/YYYY HH:MM in the time zone. */
export function formatDateTimeInZone(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const { hour, minute } = zonedParts(ms, timeZone);
  return `${formatDateInZone(ms, timeZone)} ${pad2(hour)}:${pad2(minute)}`;
}

/** A number of days in French: '0 jour', '1 jour', '3 jours'. */
export function formatDays(days: number): string {
  return `${days} ${days > 1 ? 'jours' : 'jour'}`;
}

/** What the timing depends on, as stored. */
export type TimingInput = {
  state: OpportunityState;
  /** When the current state was entered (for TODO: the day it became due). */
  stateChangedAt: number;
  /** WAITING: the follow-up date, epoch ms. */
  waitingDate?: number | null;
};

export type Timing = {
  /** The state to show: a WAITING whose date has passed is TODO again. */
  state: OpportunityState;
  timeFilter: number;
  howMuchTime: string;
  /** TODO only: the instant it became due (its overdue days count from there). */
  dueSince?: number;
};

/** timeFilter of a WAITING opportunity without a date: after every dated one in the ascending sort. */
export const UNKNOWN_WAITING_TIME = Number.MAX_SAFE_INTEGER;

/**
 * DESIGN §5. TODO: whole calendar days overdue (0 = due today), howMuchTime '3 jours'. WAITING: ms
 * left until the follow-up date, howMuchTime '2 jours' / '5 heures'; once the date has passed it
 * counts as TODO, overdue from that date. WIN / LOOSE: calendar days since closing.
 */
export function computeTiming(input: TimingInput, now: number, timeZone = DEFAULT_TIME_ZONE): Timing {
  if (input.state === 'WAITING') {
    const date = input.waitingDate;
    if (typeof date !== 'number' || !Number.isFinite(date))
      return { state: 'WAITING', timeFilter: UNKNOWN_WAITING_TIME, howMuchTime: '' };
    if (date > now)
      return { state: 'WAITING', timeFilter: date - now, howMuchTime: formatDuration(date - now) };
    return todo(date, now, timeZone);
  }
  if (input.state === 'TODO') return todo(input.stateChangedAt, now, timeZone);
  const days = Math.max(0, calendarDaysBetween(input.stateChangedAt, now, timeZone));
  return { state: input.state, timeFilter: days, howMuchTime: formatDays(days) };
}

function todo(dueSince: number, now: number, timeZone: string): Timing {
  const days = Math.max(0, calendarDaysBetween(dueSince, now, timeZone));
  return { state: 'TODO', timeFilter: days, howMuchTime: formatDays(days), dueSince };
}

/**
 * Where an opportunity stands on one time scale, in days from the date its state is about to today:
 * a TODO's days overdue, a WIN's or LOOSE's days since closing (its timeFilter), and a WAITING's time
 * left before its follow-up as a negative fraction of a day (an undated WAITING below every other).
 * The lists sort on it, highest first: the oldest first, then today's, then the follow-ups to come,
 * soonest first (docs/decisions/opportunities.md, "Lists and paging"). timeFilter alone mixes
 * milliseconds (WAITING) with days, which put every WAITING first in the "all" list.
 */
export function listTimeOf(timing: Pick<Timing, 'state' | 'timeFilter'>): number {
  return timing.state === 'WAITING' ? -timing.timeFilter / DAY_MS : timing.timeFilter;
}

/**
 * A card's badge (SPEC §2): WAITING '<howMuchTime> restant(e)s' agreeing with the delay ('Date
 * non disponible restants' without a date); TODO 'Aujourd'hui' at 0, else '<howMuchTime> en retard'; closed ones the days
 * since they were closed.
 */
export function badgeText(view: Pick<Timing, 'state' | 'timeFilter' | 'howMuchTime'>): string {
  switch (view.state) {
    case 'WAITING':
      return formatRemaining(view.howMuchTime);
    case 'TODO':
      return view.timeFilter === 0 ? "Aujourd'hui" : `${view.howMuchTime || '0 jour'} en retard`;
    case 'WIN':
    case 'LOOSE':
      return view.timeFilter === 0 ? "Clôturée aujourd'hui" : `Clôturée depuis ${view.howMuchTime}`;
  }
}

/** Days before a contract's forecast end that its opportunity comes back as TODO (API default). */
export const DEFAULT_RENEWAL_LEAD_DAYS = 90;

/**
 * The instant a renewal follow-up is due: the start, in the time zone, of the day `leadDays`
 * calendar days before the contract's end date ('YYYY-MM-DD'); null for a date that is not one.
 */
export function renewalDueAt(
  contractEndDate: string,
  leadDays: number,
  timeZone = DEFAULT_TIME_ZONE,
): number | null {
  const endDay = parseIsoDate(contractEndDate);
  return endDay === null ? null : startOfCalendarDay(endDay - leadDays, timeZone);
}

/** The history reason of a renewal follow-up, in French. */
export function renewalReason(contractEndDate: string, leadDays: number): string {
  const endDay = parseIsoDate(contractEndDate);
  const shown = endDay === null ? contractEndDate : formatDateInZone(endDay * DAY_MS, 'UTC');
  return `Renouvellement : fin de contrat prévue le ${shown} (rappel ${formatDays(leadDays)} avant)`;
}
