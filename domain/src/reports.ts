// Reports ("Voir les rapports", issue 22): the filters every report call takes, the periods and time
// buckets they stand for in the organisation's time zone, and the replies. Shared by the API and the
// mfe-reports screens (which keep the filters in the URL). docs/decisions/reports.md.
import { z } from './zod';
import { OPPORTUNITY_STATES, type OpportunityState } from './opportunity-states';
import {
  DEFAULT_TIME_ZONE,
  calendarDay,
  parseIsoDate,
  startOfCalendarDay,
  zonedParts,
} from './opportunities/timing';
import { choiceError, idField, OBJECT_ERROR } from './validation/fields';
import {
  MAX_REPORT_DAYS,
  REPORT_GRANULARITIES,
  REPORT_MESSAGES,
  REPORT_PERIODS,
  type ReportGranularity,
} from './report-filters';

const DAY_MS = 24 * 60 * 60 * 1000;

const isoDate = z
  .string({ error: choiceError('date', REPORT_MESSAGES.missingDates) })
  .refine((value) => parseIsoDate(value) !== null, REPORT_MESSAGES.invalidDate);

/** The filters of every report call (the organisation and token are the registry's). */
export const reportFiltersSchema = z
  .object(
    {
      period: z.enum(REPORT_PERIODS, { error: REPORT_MESSAGES.invalidPeriod }),
      from: isoDate.optional(),
      to: isoDate.optional(),
      granularity: z.enum(REPORT_GRANULARITIES, { error: REPORT_MESSAGES.invalidGranularity }).optional(),
      userId: idField('commercial', REPORT_MESSAGES.invalidUser).optional(),
      excelId: idField('fichier', REPORT_MESSAGES.invalidFile).optional(),
    },
    OBJECT_ERROR,
  )
  .superRefine((filters, context) => {
    if (filters.period !== 'custom') return;
    if (filters.from === undefined || filters.to === undefined) {
      context.addIssue({ code: 'custom', message: REPORT_MESSAGES.missingDates });
      return;
    }
    const from = parseIsoDate(filters.from) as number;
    const to = parseIsoDate(filters.to) as number;
    if (from > to) context.addIssue({ code: 'custom', message: REPORT_MESSAGES.reversedDates });
    else if (to - from + 1 > MAX_REPORT_DAYS)
      context.addIssue({ code: 'custom', message: REPORT_MESSAGES.tooLong });
  });

export type ReportFilters = z.output<typeof reportFiltersSchema>;

/** /api/report/filters: what the filters may choose from. */
export const reportChoicesSchema = z.object({}, OBJECT_ERROR);

export type ReportChoicesReply = {
  files: { excelId: string; name: string }[];
  /** The members holding opportunities the caller sees. */
  salespeople: { userId: string; username: string }[];
};

/** An interval of instants, `from` included, `to` excluded. */
export type ReportRange = { from: number; to: number };

/** Monday's calendar day of the week holding `day` (days since 1970-01-01, a Thursday). */
function mondayOf(day: number): number {
  return day - ((day + 3) % 7);
}

function firstOfMonth(day: number, monthsLater = 0): number {
  const date = new Date(day * DAY_MS);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1) / DAY_MS);
}

/** The instants a period covers in the time zone: whole calendar days, the current one included. */
export function reportRange(
  filters: Pick<ReportFilters, 'period' | 'from' | 'to'>,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): ReportRange {
  const today = calendarDay(now, timeZone);
  const days = (first: number, last: number): ReportRange => ({
    from: startOfCalendarDay(first, timeZone),
    to: startOfCalendarDay(last + 1, timeZone),
  });
  switch (filters.period) {
    case 'week':
      return days(mondayOf(today), mondayOf(today) + 6);
    case 'month':
      return days(firstOfMonth(today), firstOfMonth(today, 1) - 1);
    case '30days':
      return days(today - 29, today);
    case 'custom':
      return days(parseIsoDate(filters.from ?? '') ?? today, parseIsoDate(filters.to ?? '') ?? today);
  }
}

/** 'YYYY-MM-DD' of the calendar day an instant falls on. */
export function isoDayOf(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = zonedParts(ms, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The starts of the days, weeks (from Monday) or months that cover `range`, then the end of the last
 * one: bucket i is [boundaries[i], boundaries[i + 1]). The first bucket starts at the period's start.
 */
export function reportBoundaries(
  range: ReportRange,
  granularity: ReportGranularity,
  timeZone = DEFAULT_TIME_ZONE,
): number[] {
  const first = calendarDay(range.from, timeZone);
  const last = calendarDay(range.to - 1, timeZone);
  const starts = [first];
  let day = first;
  for (;;) {
    day = granularity === 'day' ? day + 1 : granularity === 'week' ? mondayOf(day) + 7 : firstOfMonth(day, 1);
    if (day > last) break;
    starts.push(day);
  }
  return [...starts.map((start) => startOfCalendarDay(start, timeZone)), startOfCalendarDay(day, timeZone)];
}

/** The granularity a report uses when the filters name none: days up to a month, then weeks. */
export function defaultGranularity(range: ReportRange): ReportGranularity {
  return range.to - range.from <= 31 * DAY_MS ? 'day' : 'week';
}

/** How many coming weeks the timeline's follow-ups cover. */
export const FOLLOW_UP_WEEKS = 8;

export type StateCounts = Record<OpportunityState, number>;

export const emptyStateCounts = (): StateCounts =>
  Object.fromEntries(OPPORTUNITY_STATES.map((state) => [state, 0])) as StateCounts;

/** One bucket of time: its first day and its figures. */
export type ReportBucket<T> = { start: string } & T;

/** /api/report/files: one line per prospect file the caller may see. */
export type FileReportLine = {
  excelId: string;
  name: string;
  /** Rows imported into the file. */
  imported: number;
  /** Opportunities taken from it in the period (and by the salesperson, when filtered). */
  taken: number;
  /** Of those, with at least one comment. */
  reached: number;
  waiting: number;
  win: number;
  loose: number;
  /** WIN / taken, between 0 and 1; null when nothing was taken. */
  conversion: number | null;
  /** Median time from taking to the first comment, and to WIN (ms); null without any. */
  medianToFirstComment: number | null;
  medianToWin: number | null;
};

export type FileReportReply = { range: ReportRange; files: FileReportLine[] };

export type SalespersonReportLine = {
  userId: string;
  username: string;
  /** Opportunities held now, by the state the lists show (a WAITING past its date is TODO). */
  held: StateCounts;
  /** Closed (and still closed) in the period. */
  winInPeriod: number;
  looseInPeriod: number;
  /** Follow-ups (WAITING) whose date has passed. */
  overdueFollowUps: number;
  comments: number;
};

export type SalespersonReportReply = {
  range: ReportRange;
  granularity: ReportGranularity;
  salespeople: SalespersonReportLine[];
  /** The comment statuses met, in the organisation's order. */
  statuses: string[];
  /** Comments in the period per bucket, per salesperson, per status. */
  comments: ReportBucket<{ counts: { userId: string; status: string; count: number }[] }>[];
};

export type TimelineReportReply = {
  range: ReportRange;
  granularity: ReportGranularity;
  closed: ReportBucket<{ win: number; loose: number }>[];
  /** Follow-ups due in each coming week, from this Monday. */
  followUps: ReportBucket<{ due: number }>[];
};

export type GeographyLine = {
  label: string;
  taken: number;
  win: number;
  loose: number;
  conversion: number | null;
};

export type GeographyReportReply = {
  departements: GeographyLine[];
  regions: GeographyLine[];
  activities: GeographyLine[];
};
