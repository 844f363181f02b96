// What the opportunity calls return (issue 9 contract), shared by the API and the screens.
import type { FilterKind } from './filters';
import type { OpportunityState } from '../opportunity-states';
import type { LatLngPrecision } from '../geography/positions';
import type { Civilite, ProspectField } from '../prospect-fields';

export type ContactView = {
  surname: string;
  name: string;
  fonction: string;
  phone: string;
  mail: string;
  civilite: Civilite;
};

export type ProspectView = Record<ProspectField, string> & {
  _id: string;
  departement: string;
  region: string;
  latlng?: string;
  /** How precise `latlng` is (absent on a prospect not positioned yet). */
  latlngPrecision?: LatLngPrecision;
  /** JSON text of the custom fields (SPEC §3), without the contacts, which come in `contacts`. */
  value: string;
  contacts: ContactView[];
} & EditStamp;

/**
 * Detail only (/api/opportunity/get and the edit calls): the version the edit calls may send back,
 * and who made the change that set it, when (absent on a document never edited since versions exist).
 */
export type EditStamp = {
  version?: number;
  modifiedAt?: number;
  modifiedBy?: UserRef;
};

export type UserRef = { _id: string; username: string };

export type MessageView = {
  _id: string;
  text: string;
  /** Epoch ms. */
  date: number;
  userId: UserRef;
  statusId: { _id: string; name: string };
};

export type HistoryView = {
  at: number;
  /** The member who made the change; for an automatic change (renewal) `_id` is 'system'. */
  by: UserRef;
  from: OpportunityState | null;
  to: OpportunityState;
  /** What happened: a state change, a comment, a hand-over, an automatic renewal follow-up. */
  kind: 'create' | 'state' | 'comment' | 'assign' | 'renewal';
  reason?: string;
};

export type OpportunityView = {
  _id: string;
  /** As shown: a WAITING whose date has passed is TODO. */
  state: OpportunityState;
  timeFilter: number;
  howMuchTime: string;
  creationDate: number;
  waitingDate?: number;
  user: UserRef;
  prospectId: ProspectView;
  /** Lists: the last 3, newest first. Detail: all, oldest first. */
  message: MessageView[];
  /** JSON text of an object (SPEC §3 contractual information). */
  informationContractuelle: string;
  excelId?: string;
  /** Detail only, for holders of "Voir l'historique" (524288). */
  history?: HistoryView[];
} & EditStamp;

export type OpportunityCounts = { all: number; todo: number; waiting: number; loose: number; win: number };

export type OpportunityPage = { opportunitys: OpportunityView[]; itsFinish: boolean };

/**
 * A /api/opportunity/listWindow answer: the cards at the asked positions of the list as searched,
 * filtered and sorted, its length, and (when asked) each option's live count as [value, count]
 * pairs and every value each filter kind takes in the whole list, in display order.
 */
export type OpportunityWindow = OpportunityPage & {
  total: number;
  counts?: Record<FilterKind, [string, number][]>;
  /** Left out when the call's `optionsKnown` is their tag (the caller holds them already). */
  options?: Record<FilterKind, string[]>;
  /** With the counts: the tag of the options (a digest of their content), for `optionsKnown`. */
  optionsTag?: string;
};

export type StatusView = { _id: string; name: string };

/** Opportunities per getwithfilter call (SPEC §9). */
export const OPPORTUNITY_PAGE_SIZE = 500;

/** Messages a card previews (SPEC §9). */
export const CARD_MESSAGE_PREVIEWS = 3;

/** The system author of automatic history entries (renewal follow-ups). */
export const SYSTEM_USER: UserRef = { _id: 'system', username: 'Rappel automatique' };

/** The author of a prospect's fields filled from the company registry (registry-enrichment). */
export const REGISTRY_USER: UserRef = { _id: 'registry', username: 'l’annuaire des entreprises' };

/** The custom fields of a prospect's `value` JSON, without its contact list; {} when unreadable. */
export function customFieldsOf(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const { contact: _contact, ...rest } = parsed as Record<string, unknown>;
    return rest;
  } catch {
    return {}; // stored by an older version or by hand: shown as no custom field
  }
}
