// A member's feed as an iCalendar object: one event per opportunity, its UID the opportunity's id, so
// a calendar that reads the feed again updates the event instead of adding one. The choices (timed
// follow-ups, all-day renewals, the alarms) are explained in docs/decisions/calendar-feed.md.
import { DEFAULT_TIME_ZONE, EMPTY_VALUE, formatDateInZone, parseIsoDate, zonedParts } from '@app/domain';
import { dateValue, escapeText, icsText, nextDateValue, utcDateTime } from './ics';
import type { DatedOpportunity } from './repository';

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
/** Where DTSTAMP goes: the time of the fetch, put in once the text (and its ETag) is built. */
export const STAMP_MARK = '\u0000STAMP\u0000';

const NO_NAME = 'Prospect sans nom';

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && value !== EMPTY_VALUE;

const twoDigits = (value: number) => String(value).padStart(2, '0');

function frenchDate(ms: number, timeZone: string, withTime: boolean): string {
  const parts = zonedParts(ms, timeZone);
  const day = `${twoDigits(parts.day)}/${twoDigits(parts.month)}/${parts.year}`;
  return withTime ? `${day} à ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}` : day;
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

/**
 * The feed's text, with STAMP_MARK where each DTSTAMP goes. Events in date order, then by id, so the
 * same store gives the same text.
 */
export function buildFeedCalendar(input: FeedCalendarInput): string {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const dated = input.opportunities
    .map((opportunity) => ({ opportunity, date: eventDateOf(opportunity) }))
    .filter((entry): entry is { opportunity: DatedOpportunity; date: EventDate } => entry.date !== null)
    .sort((a, b) => a.date.at - b.date.at || (a.opportunity._id < b.opportunity._id ? -1 : 1));

  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Prospection//Agenda des relances//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`Relances – ${input.organisationName}`)}`,
    `X-WR-CALDESC:${escapeText(`Vos relances et renouvellements dans ${input.organisationName}`)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    // How often a client should read it again (RFC 7986; Outlook and Apple read the X- one).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const { opportunity, date } of dated) {
    const prospect = input.prospects.get(opportunity.prospectId);
    const name = prospectName(prospect);
    const address = addressOf(prospect);
    const link = `${input.publicUrl}/dashboard/opportunity/${opportunity._id}`;
    const description: string[] = [];
    if (date.kind === 'follow-up') {
      description.push(`Relance prévue le ${frenchDate(date.at, timeZone, true)}`);
      if (typeof opportunity.renewalAt === 'number')
        description.push(
          `Renouvellement à préparer à partir du ${frenchDate(opportunity.renewalAt, timeZone, false)}`,
        );
    } else {
      description.push(
        present(date.endDate)
          ? `Renouvellement : fin de contrat prévue le ${contractEnd(date.endDate)}`
          : 'Renouvellement du contrat',
      );
    }
    if (prospect && present(prospect.telephone)) description.push(`Téléphone : ${prospect.telephone.trim()}`);
    if (address) description.push(`Adresse : ${address}`);
    description.push(`Opportunité : ${link}`);

    lines.push('BEGIN:VEVENT', `UID:${opportunity._id}@${input.uidDomain}`, `DTSTAMP:${STAMP_MARK}`);
    if (date.kind === 'follow-up') {
      lines.push(
        `DTSTART:${utcDateTime(date.at)}`,
        `DTEND:${utcDateTime(date.at + FOLLOW_UP_MINUTES * 60_000)}`,
      );
    } else {
      const day = zonedParts(date.at, timeZone);
      lines.push(
        `DTSTART;VALUE=DATE:${dateValue(day.year, day.month, day.day)}`,
        `DTEND;VALUE=DATE:${nextDateValue(day.year, day.month, day.day)}`,
        'TRANSP:TRANSPARENT',
      );
    }
    lines.push(
      `SUMMARY:${escapeText(name)}`,
      `DESCRIPTION:${escapeText(description.join('\n'))}`,
      ...(address ? [`LOCATION:${escapeText(address)}`] : []),
      `URL:${link}`,
      `CATEGORIES:${date.kind === 'follow-up' ? 'Relance' : 'Renouvellement'}`,
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(`${date.kind === 'follow-up' ? 'Relance' : 'Renouvellement'} : ${name}`)}`,
      `TRIGGER:${date.kind === 'follow-up' ? FOLLOW_UP_ALARM : RENEWAL_ALARM}`,
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return icsText(lines);
}
