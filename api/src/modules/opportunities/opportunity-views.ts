// Stored documents → the OpportunityView the screens read (issue 9 contract).
import {
  CARD_MESSAGE_PREVIEWS,
  CIVILITES,
  type Civilite,
  computeTiming,
  type ContactView,
  EMPTY_VALUE,
  type FilterableProspect,
  type HistoryView,
  type OpportunityView,
  PROSPECT_FIELDS,
  type ProspectView,
  SYSTEM_USER,
  type UserRef,
} from '@app/domain';
import { toMessageView } from '../messages/module';
import type { ProspectDoc } from '../prospects/module';
import type { HistoryEntry, OpportunityDoc } from './repository';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The prospect's `value` JSON read once: its custom fields (as customFieldsOf) and its contacts. */
export function readValue(value: string): { custom: Record<string, unknown>; contacts: ContactView[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // not JSON: a prospect stored before contacts existed, shown with no custom field and no contact
    return { custom: {}, contacts: [] };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { custom: {}, contacts: [] };
  const { contact, ...custom } = parsed as Record<string, unknown>;
  return { custom, contacts: contactsOf(contact) };
}

function contactsOf(list: unknown): ContactView[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      surname: text(item.surname),
      name: text(item.name),
      fonction: text(item.fonction),
      phone: text(item.phone),
      mail: text(item.mail),
      civilite: (CIVILITES as readonly string[]).includes(text(item.civilite))
        ? (item.civilite as Civilite)
        : 'Mr.',
    }));
}

export function toProspectView(doc: ProspectDoc | undefined, prospectId: string): ProspectView {
  const fields = {} as Record<(typeof PROSPECT_FIELDS)[number], string>;
  for (const field of PROSPECT_FIELDS) fields[field] = doc ? doc[field] : EMPTY_VALUE;
  const { custom, contacts } = readValue(doc?.value ?? '{}');
  return {
    _id: doc?._id ?? prospectId,
    ...fields,
    departement: doc?.departement ?? EMPTY_VALUE,
    region: doc?.region ?? EMPTY_VALUE,
    ...(doc?.latlng ? { latlng: doc.latlng } : {}),
    ...(doc?.latlng && doc.latlngPrecision ? { latlngPrecision: doc.latlngPrecision } : {}),
    value: JSON.stringify(custom),
    contacts,
  };
}

/** What the list filters read of a prospect, 'Aucun' where it has nothing (as its view shows). */
export function filterableOf(doc: ProspectDoc | undefined): FilterableProspect {
  if (doc && doc.departement !== undefined && doc.region !== undefined) return doc as FilterableProspect;
  return toProspectView(doc, '');
}

export function toHistoryView(entry: HistoryEntry, userOf: (id: string) => UserRef): HistoryView {
  return {
    at: entry.at,
    by: entry.by === null ? SYSTEM_USER : userOf(entry.by),
    from: entry.from,
    to: entry.to,
    kind: entry.kind ?? 'state',
    ...(entry.reason ? { reason: entry.reason } : {}),
  };
}

export type ViewContext = {
  now: number;
  timeZone: string;
  prospects: ReadonlyMap<string, ProspectDoc>;
  userOf: (id: string) => UserRef;
};

/** A list card's view: the last three comments, newest first. */
export function toOpportunityView(doc: OpportunityDoc, context: ViewContext): OpportunityView {
  const timing = computeTiming(doc, context.now, context.timeZone);
  return {
    _id: doc._id,
    state: timing.state,
    timeFilter: timing.timeFilter,
    howMuchTime: timing.howMuchTime,
    creationDate: doc.creationDate,
    ...(doc.state === 'WAITING' && doc.waitingDate !== undefined ? { waitingDate: doc.waitingDate } : {}),
    user: context.userOf(doc.userId),
    prospectId: toProspectView(context.prospects.get(doc.prospectId), doc.prospectId),
    message: (doc.recentMessages ?? []).slice(0, CARD_MESSAGE_PREVIEWS).map(toMessageView),
    informationContractuelle: doc.informationContractuelle ?? '{}',
    ...(doc.excelId ? { excelId: doc.excelId } : {}),
  };
}

/**
 * A list card as JSON text, cut around what changes with the time (state, timeFilter, howMuchTime),
 * the owner and the prospect, so the rest is serialised once and kept (list-index.ts, cached-cards.ts).
 * `cardJson` gives the same text as `JSON.stringify(toOpportunityView(...))`.
 */
export type CardParts = {
  timing: Pick<OpportunityDoc, 'state' | 'stateChangedAt' | 'waitingDate'>;
  userId: string;
  prospectId: string;
  /** `{"_id":"…"` */
  open: string;
  /** `,"creationDate":…[,"waitingDate":…],"user":` */
  middle: string;
  /** `,"message":[…],"informationContractuelle":"…"[,"excelId":"…"]}` */
  tail: string;
};

export function cardPartsOf(doc: OpportunityDoc): CardParts {
  const dates = JSON.stringify({
    creationDate: doc.creationDate,
    ...(doc.state === 'WAITING' && doc.waitingDate !== undefined ? { waitingDate: doc.waitingDate } : {}),
  }).slice(1, -1);
  const tail = JSON.stringify({
    message: (doc.recentMessages ?? []).slice(0, CARD_MESSAGE_PREVIEWS).map(toMessageView),
    informationContractuelle: doc.informationContractuelle ?? '{}',
    ...(doc.excelId ? { excelId: doc.excelId } : {}),
  });
  return {
    timing: { state: doc.state, stateChangedAt: doc.stateChangedAt, waitingDate: doc.waitingDate },
    userId: doc.userId,
    prospectId: doc.prospectId,
    open: `{"_id":${JSON.stringify(doc._id)}`,
    middle: `${dates === '' ? '' : `,${dates}`},"user":`,
    tail: `,${tail.slice(1)}`,
  };
}

export function prospectJson(doc: ProspectDoc | undefined, prospectId: string): string {
  return JSON.stringify(toProspectView(doc, prospectId));
}

export function cardJson(
  parts: CardParts,
  at: number,
  timeZone: string,
  userJson: string,
  prospect: string,
): string {
  const timing = computeTiming(parts.timing, at, timeZone);
  return `${parts.open},"state":${JSON.stringify(timing.state)},"timeFilter":${JSON.stringify(
    timing.timeFilter,
  )},"howMuchTime":${JSON.stringify(timing.howMuchTime)}${parts.middle}${userJson},"prospectId":${prospect}${parts.tail}`;
}
