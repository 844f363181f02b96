export const OPPORTUNITY_STATES = ['TODO', 'WAITING', 'WIN', 'LOOSE'] as const;

export type OpportunityState = (typeof OPPORTUNITY_STATES)[number];

export const OPPORTUNITY_STATE_LABELS: Record<OpportunityState, string> = {
  TODO: 'A faire',
  WAITING: 'En attente',
  WIN: 'Gagné',
  LOOSE: 'Perdu',
};

// The state buttons on a card's left strip use their own capitalisation (SPEC §2, opportunity list).
export const OPPORTUNITY_STATE_BUTTON_LABELS: Record<OpportunityState, string> = {
  TODO: 'A Faire',
  WAITING: 'En Attente',
  WIN: 'Gagné',
  LOOSE: 'Perdu',
};

export function isOpportunityState(value: unknown): value is OpportunityState {
  return typeof value === 'string' && (OPPORTUNITY_STATES as readonly string[]).includes(value);
}

/** The `{filter}` segment of /dashboard/opportunity/list/{filter}. */
export const LIST_FILTERS = ['all', 'todo', 'waiting', 'loose', 'win'] as const;

export type ListFilter = (typeof LIST_FILTERS)[number];

/** Returns null for anything that is not exactly one of the five filters: the UI then redirects to 'all'. */
export function parseListFilter(value: string | undefined): ListFilter | null {
  return value !== undefined && (LIST_FILTERS as readonly string[]).includes(value)
    ? (value as ListFilter)
    : null;
}

export const LIST_FILTER_LABELS: Record<ListFilter, string> = {
  all: 'Toute Opportunités',
  todo: 'A faire',
  waiting: 'En attente',
  loose: 'Perdu',
  win: 'Gagné',
};

export const LIST_FILTER_STATES: Record<Exclude<ListFilter, 'all'>, OpportunityState> = {
  todo: 'TODO',
  waiting: 'WAITING',
  loose: 'LOOSE',
  win: 'WIN',
};

/** The state a list filter shows, or null for 'all' (every state). */
export function stateOfListFilter(filter: ListFilter): OpportunityState | null {
  return filter === 'all' ? null : LIST_FILTER_STATES[filter];
}

export function listFilterOfState(state: OpportunityState): Exclude<ListFilter, 'all'> {
  return state === 'TODO' ? 'todo' : state === 'WAITING' ? 'waiting' : state === 'WIN' ? 'win' : 'loose';
}

/** Known comment statuses, looked up by exact text (SPEC §3 Status). */
export const STATUS_NAMES = ['Mail', 'Appel Abouti', 'Appel non Abouti', 'PP', 'PP Validé'] as const;

export type StatusName = (typeof STATUS_NAMES)[number];

/** Statuses offered by the new-opportunity modal; the spec labels TODO 'En attente' there, on purpose. */
export const NEW_OPPORTUNITY_STATES = ['TODO', 'WIN'] as const;

export type NewOpportunityState = (typeof NEW_OPPORTUNITY_STATES)[number];

export const NEW_OPPORTUNITY_STATE_LABELS: Record<NewOpportunityState, string> = {
  TODO: 'En attente',
  WIN: 'Gagné',
};

// Here rather than beside waitingDateSchema: the screens need the default without loading zod.
/** Hours added to now for the default follow-up date when moving to WAITING (SPEC §9). */
export const DEFAULT_WAITING_DELAY_MS = 2 * 60 * 60 * 1000;

export function defaultWaitingDate(now: number): number {
  return now + DEFAULT_WAITING_DELAY_MS;
}
