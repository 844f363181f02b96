// A member's feed as an iCalendar object: one event per opportunity, its UID the opportunity's id, so
// a calendar that reads the feed again updates the event instead of adding one. The choices (timed
// follow-ups, all-day renewals, the alarms) are explained in docs/decisions/calendar-feed.md.
import { DEFAULT_TIME_ZONE, EMPTY_VALUE, formatDateInZone, parseIsoDate, zonedParts } from '@app/domain';
import { dateValue, escapeText, foldLine, nextDateValue, utcDateTime } from './ics';
import type { FollowUpDoc } from '../follow-ups/module';

/** What an event reads of an opportunity. */
export type DatedOpportunity = Pick<
  FollowUpDoc,
  '_id' | 'prospectId' | 'state' | 'waitingDate' | 'renewalAt' | 'renewalEndDate'
>;

/** The prospect fields an event shows. */
export type FeedProspect = {
  _id: string;
  prospect: string;
  enseigne: string;
  telephone: string;
  adresseComplete: string;
  codePostale: string;
  ville: string;
};

export type FeedCalendarInput = {
  organisationName: string;
  /** PUBLIC_URL, without a trailing slash: the opportunities' links. */
  publicUrl: string;
  /** The right-hand side of every UID (the host of PUBLIC_URL). */
  uidDomain: string;
  opportunities: readonly DatedOpportunity[];
  prospects: ReadonlyMap<string, FeedProspect>;
  timeZone?: string;
};

/** A follow-up is a timed event of this length at its date and time. */
export const FOLLOW_UP_MINUTES = 30;
/** The follow-up's alarm, before its start. */
export const FOLLOW_UP_ALARM = '-PT15M';
/** A renewal is an all-day event; its alarm rings at 09:00 on the day (the device's time). */
export const RENEWAL_ALARM = 'PT9H';
/**
 * Where DTSTAMP goes: the time of the read, put in once the text (and its ETag) is built. As long as
 * the value (20250312T133000Z), so it is written in place; NUL never comes from the store (escapeText
 * drops it).
 */
export const STAMP_MARK = '\u0000'.repeat(16);

const NO_NAME = 'Prospect sans nom';

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && value !== EMPTY_VALUE;

const twoDigits = (value: number) => String(value).padStart(2, '0');

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MAX_OFFSETS_KEPT = 100_000;
/** The zone's offset from UTC per quarter of an hour (every zone changes offset on one), by zone. */
const offsets = new Map<string, Map<number, number>>();

/**
 * The wall-clock reading of an instant in the zone, as the UTC fields of a Date. Intl is asked once
 * per quarter of an hour: a feed of 5,000 events would otherwise spend most of its time in it.
 */
function wallClock(ms: number, timeZone: string): Date {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR_MS;
    const parts = zonedParts(at, timeZone);
    offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - at;
    if (zone.size >= MAX_OFFSETS_KEPT) zone.clear();
    zone.set(quarter, offset);
  }
  return new Date(ms + offset);
}

function frenchDate(ms: number, timeZone: string, withTime: boolean): string {
  const wall = wallClock(ms, timeZone);
  const day = `${twoDigits(wall.getUTCDate())}/${twoDigits(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
  return withTime ? `${day} à ${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}` : day;
}

/** '2025-04-10' → '10/04/2025'; any other text as stored. */
function contractEnd(value: string): string {
  const day = parseIsoDate(value);
  return day === null ? value : formatDateInZone(day * 86_400_000, 'UTC');
}

export function prospectName(prospect: FeedProspect | undefined): string {
  if (prospect && present(prospect.prospect)) return prospect.prospect.trim();
  if (prospect && present(prospect.enseigne)) return prospect.enseigne.trim();
  return NO_NAME;
}

/** '12 rue de Rivoli, 75001 Paris', blanks left out. */
export function addressOf(prospect: FeedProspect | undefined): string {
  if (!prospect) return '';
  const town = [prospect.codePostale, prospect.ville].filter(present).join(' ');
  return [prospect.adresseComplete, town].filter(present).join(', ');
}

type EventDate =
  { kind: 'follow-up'; at: number } | { kind: 'renewal'; at: number; endDate: string | undefined };

/**
 * The one date an opportunity is shown at: its follow-up when it is WAITING with a date that comes
 * before any pending renewal; otherwise its renewal (which, once due, drops the follow-up).
 */
export function eventDateOf(opportunity: DatedOpportunity): EventDate | null {
  const followUp =
    opportunity.state === 'WAITING' && typeof opportunity.waitingDate === 'number'
      ? opportunity.waitingDate
      : null;
  const renewal = typeof opportunity.renewalAt === 'number' ? opportunity.renewalAt : null;
  if (followUp !== null && (renewal === null || followUp <= renewal))
    return { kind: 'follow-up', at: followUp };
  if (renewal !== null) return { kind: 'renewal', at: renewal, endDate: opportunity.renewalEndDate };
  return null;
}

/** A content line, folded, with its CRLF. */
const line = (text: string) => `${foldLine(text)}\r\n`;

const STAMP_LINE = `DTSTAMP:${STAMP_MARK}\r\n`;

type EventContext = { publicUrl: string; uidDomain: string; timeZone: string };

/** Everything an event's text depends on besides the context: equal keys, equal text. */
function eventKey(opportunity: DatedOpportunity, prospect: FeedProspect | undefined): string {
  const p = prospect;
  return `${opportunity.state}|${opportunity.waitingDate}|${opportunity.renewalAt}|${opportunity.renewalEndDate}|${p?.prospect}|${p?.enseigne}|${p?.telephone}|${p?.adresseComplete}|${p?.codePostale}|${p?.ville}`;
}

/** One VEVENT, its lines folded and ended with CRLF. TEXT pieces are escaped once each. */
function renderEvent(
  opportunity: DatedOpportunity,
  date: EventDate,
  prospect: FeedProspect | undefined,
  context: EventContext,
): string {
  const { timeZone } = context;
  const name = escapeText(prospectName(prospect));
  const address = addressOf(prospect);
  const escapedAddress = escapeText(address);
  const link = `${context.publicUrl}/dashboard/opportunity/${opportunity._id}`;
  const followUp = date.kind === 'follow-up';
  // Already escaped: line breaks written \n, the pieces from the store escaped one by one.
  let description: string;
  if (followUp) {
    description = `Relance prévue le ${frenchDate(date.at, timeZone, true)}`;
    if (typeof opportunity.renewalAt === 'number')
      description += `\\nRenouvellement à préparer à partir du ${frenchDate(opportunity.renewalAt, timeZone, false)}`;
  } else {
    description = present(date.endDate)
      ? `Renouvellement : fin de contrat prévue le ${escapeText(contractEnd(date.endDate))}`
      : 'Renouvellement du contrat';
  }
  if (prospect && present(prospect.telephone))
    description += `\\nTéléphone : ${escapeText(prospect.telephone.trim())}`;
  if (address) description += `\\nAdresse : ${escapedAddress}`;
  description += `\\nOpportunité : ${escapeText(link)}`;

  let text = `BEGIN:VEVENT\r\nUID:${opportunity._id}@${context.uidDomain}\r\n${STAMP_LINE}`;
  if (followUp) {
    text += `DTSTART:${utcDateTime(date.at)}\r\nDTEND:${utcDateTime(date.at + FOLLOW_UP_MINUTES * 60_000)}\r\n`;
  } else {
    const day = wallClock(date.at, timeZone);
    const [year, month, dayOfMonth] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    text +=
      `DTSTART;VALUE=DATE:${dateValue(year, month, dayOfMonth)}\r\n` +
      `DTEND;VALUE=DATE:${nextDateValue(year, month, dayOfMonth)}\r\nTRANSP:TRANSPARENT\r\n`;
  }
  return (
    text +
    line(`SUMMARY:${name}`) +
    line(`DESCRIPTION:${description}`) +
    (address ? line(`LOCATION:${escapedAddress}`) : '') +
    line(`URL:${link}`) +
    (followUp ? 'CATEGORIES:Relance\r\n' : 'CATEGORIES:Renouvellement\r\n') +
    'BEGIN:VALARM\r\nACTION:DISPLAY\r\n' +
    line(`DESCRIPTION:${followUp ? 'Relance' : 'Renouvellement'} : ${name}`) +
    `TRIGGER:${followUp ? FOLLOW_UP_ALARM : RENEWAL_ALARM}\r\nEND:VALARM\r\nEND:VEVENT\r\n`
  );
}

/**
 * The text of events already written, by opportunity id, kept while its key (the opportunity's
 * dates and its prospect's fields) is unchanged: a calendar reads the same feed every hour, and most
 * events have not moved. Bounded by the characters kept; the least recently used go first.
 */
export class EventBlocks {
  private readonly blocks = new Map<string, { key: string; text: string }>();
  private size = 0;

  constructor(private readonly maxCharacters = 32 * 1024 * 1024) {}

  get(id: string, key: string): string | undefined {
    const block = this.blocks.get(id);
    if (!block || block.key !== key) return undefined;
    // Most recently used last, so the oldest is dropped first.
    this.blocks.delete(id);
    this.blocks.set(id, block);
    return block.text;
  }

  set(id: string, key: string, text: string): void {
    const previous = this.blocks.get(id);
    if (previous) {
      this.size -= previous.text.length;
      this.blocks.delete(id);
    }
    this.blocks.set(id, { key, text });
    this.size += text.length;
    for (const [oldest, block] of this.blocks) {
      if (this.size <= this.maxCharacters) break;
      this.blocks.delete(oldest);
      this.size -= block.text.length;
    }
  }
}

/**
 * The feed's text, with STAMP_MARK where each DTSTAMP goes. Events in date order, then by id, so the
 * same store gives the same text. Written into one string as it goes; events unchanged since an
 * earlier read come from `blocks` (docs/decisions/calendar-feed.md, "Speed").
 */
export function buildFeedCalendar(input: FeedCalendarInput, blocks?: EventBlocks): string {
  const context: EventContext = {
    publicUrl: input.publicUrl,
    uidDomain: input.uidDomain,
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
  };
  const dated: { opportunity: DatedOpportunity; date: EventDate }[] = [];
  for (const opportunity of input.opportunities) {
    const date = eventDateOf(opportunity);
    if (date) dated.push({ opportunity, date });
  }
  dated.sort((a, b) => a.date.at - b.date.at || (a.opportunity._id < b.opportunity._id ? -1 : 1));

  let text =
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Prospection//Agenda des relances//FR\r\n' +
    'CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n' +
    line(`X-WR-CALNAME:${escapeText(`Relances – ${input.organisationName}`)}`) +
    line(`X-WR-CALDESC:${escapeText(`Vos relances et renouvellements dans ${input.organisationName}`)}`) +
    line(`X-WR-TIMEZONE:${context.timeZone}`) +
    // How often a client should read it again (RFC 7986; Outlook and Apple read the X- one).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n';
  for (const { opportunity, date } of dated) {
    const prospect = input.prospects.get(opportunity.prospectId);
    if (!blocks) {
      text += renderEvent(opportunity, date, prospect, context);
      continue;
    }
    const key = eventKey(opportunity, prospect);
    let block = blocks.get(opportunity._id, key);
    if (block === undefined) {
      block = renderEvent(opportunity, date, prospect, context);
      blocks.set(opportunity._id, key, block);
    }
    text += block;
  }
  return `${text}END:VCALENDAR\r\n`;
}
