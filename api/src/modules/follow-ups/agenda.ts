// A member's follow-ups ("En attente" with a date) read from the opportunities' documents, for the
// day's agenda ("Aujourd'hui") and the follow-up notifications. Read-only: the opportunities component
// owns and writes these documents (as its bulk reads, the shape is OpportunityDoc's).
// docs/decisions/notifications.md.
import {
  type AgendaItem,
  type AgendaReply,
  calendarDay,
  calendarDaysBetween,
  DEFAULT_TIME_ZONE,
  startOfCalendarDay,
} from '@app/domain';
import type { Filter, Store } from '../../db/types';
import type { ProspectDoc } from '../prospects/module';

/** The fields of an opportunity this reader needs. */
export type FollowUpDoc = {
  _id: string;
  organisationId: string;
  prospectId: string;
  userId: string;
  state: string;
  stateChangedAt: number;
  waitingDate?: number;
};

/** An agenda shows at most this many follow-ups (the oldest first); `total` counts them all. */
export const AGENDA_MAX_ITEMS = 500;

type ProspectNames = (organisationId: string, ids: readonly string[]) => Promise<ProspectDoc[]>;

export type MemberAgendaQuery = {
  organisationId: string;
  userId: string;
  /** Follow-ups due before this instant (exclusive). */
  dueBefore: number;
  limit?: number;
};

const followUps = (store: Store) => store.collection<FollowUpDoc>('opportunities');

/** The index the two queries below read: a member's follow-ups in date order. */
export function ensureAgendaIndex(store: Store): Promise<void> {
  return followUps(store).createIndex({ organisationId: 1, userId: 1, state: 1, waitingDate: 1 });
}

/**
 * The follow-ups of one member in one organisation due before `dueBefore`, oldest first: the
 * opportunities they own in "En attente" whose date comes before it.
 */
export async function listMemberAgenda(
  store: Store,
  query: MemberAgendaQuery,
): Promise<{ docs: FollowUpDoc[]; total: number }> {
  const filter: Filter<FollowUpDoc> = {
    organisationId: query.organisationId,
    userId: query.userId,
    state: 'WAITING',
    waitingDate: { $lt: query.dueBefore },
  };
  const collection = followUps(store);
  const [docs, total] = await Promise.all([
    collection.find(filter, { sort: { waitingDate: 1, _id: 1 }, limit: query.limit ?? AGENDA_MAX_ITEMS }),
    collection.countDocuments(filter),
  ]);
  return { docs, total };
}

/**
 * The follow-ups of a member whose date came in (`after`, `now`]: what has not been notified yet when
 * `after` is the last look. One range of the agenda index. A follow-up's date is always after the
 * instant it is set (the API refuses a date already past), so none is set behind a look already made.
 */
export function followUpsDueSince(
  store: Store,
  organisationId: string,
  userId: string,
  after: number,
  now: number,
): Promise<FollowUpDoc[]> {
  return followUps(store).find(
    { organisationId, userId, state: 'WAITING', waitingDate: { $gt: after, $lte: now } },
    { sort: { waitingDate: 1, _id: 1 }, limit: AGENDA_MAX_ITEMS },
  );
}

/** The agenda of today (in the organisations' time zone): due today or overdue, oldest first. */
export async function todayAgenda(
  deps: { store: Store; prospects: ProspectNames; now: () => number; timeZone?: string },
  caller: { organisationId: string; userId: string },
): Promise<AgendaReply> {
  const timeZone = deps.timeZone ?? DEFAULT_TIME_ZONE;
  const now = deps.now();
  const tomorrow = startOfCalendarDay(calendarDay(now, timeZone) + 1, timeZone);
  const { docs, total } = await listMemberAgenda(deps.store, { ...caller, dueBefore: tomorrow });
  const prospects = new Map(
    (
      await deps.prospects(
        caller.organisationId,
        docs.map((doc) => doc.prospectId),
      )
    ).map((p) => [p._id, p]),
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const items = docs.map((doc): AgendaItem => {
    const prospect = prospects.get(doc.prospectId);
    const waitingDate = doc.waitingDate ?? 0;
    return {
      _id: doc._id,
      state: 'WAITING',
      waitingDate,
      overdueDays: Math.max(0, calendarDaysBetween(waitingDate, now, timeZone)),
      prospect: {
        _id: doc.prospectId,
        prospect: text(prospect?.prospect),
        enseigne: text(prospect?.enseigne),
        telephone: text(prospect?.telephone),
        ville: text(prospect?.ville),
        codePostale: text(prospect?.codePostale),
      },
    };
  });
  return { items, total };
}
