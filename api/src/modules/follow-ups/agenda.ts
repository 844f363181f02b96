// Members' follow-ups ("En attente" with a date) and renewals read from the opportunities' documents:
// the one place that reads them for the day's agenda ("Aujourd'hui"), the follow-up notifications, the
// morning e-mail and the calendar feed (the port MemberFollowUps). Read-only: the opportunities
// component owns and writes these documents (as its bulk reads, the shape is OpportunityDoc's).
// docs/decisions/notifications.md, morning-digest.md, calendar-feed.md.
import {
  yieldToEventLoop,
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
  /** A renewal follow-up not yet due, and the contract end date ('YYYY-MM-DD') it is for. */
  renewalAt?: number;
  renewalEndDate?: string;
};

/** A follow-up a renewal brought back, with when it did (`renewedAt`, kept on the opportunity). */
export type ReturnedRenewalDoc = FollowUpDoc & { renewedAt?: number };

/** Which members' follow-ups, in which organisation. */
export type MembersQuery = { organisationId: string; userIds: readonly string[] };

/**
 * The follow-ups of several members at once, for the readers that go over many (the morning e-mail,
 * the calendar feed): each call reads a chunk of members per query through the agenda index, a turn of
 * the event loop between queries, and yields each chunk's documents (in no particular order).
 */
export type MemberFollowUps = {
  /** "En attente" follow-ups due before `dueBefore` (exclusive; Number.MAX_SAFE_INTEGER: all). */
  dueBefore(query: MembersQuery, dueBefore: number): AsyncIterable<readonly FollowUpDoc[]>;
  /** Renewal follow-ups still to come, `renewalAt` in [from, before). */
  renewalsBetween(query: MembersQuery, from: number, before: number): AsyncIterable<readonly FollowUpDoc[]>;
  /**
   * Opportunities a renewal brought back as "A faire" (the sweep clears `renewalAt`, sets
   * `stateChangedAt` to the renewal's date, before `before`, and sets `renewedAt` to when it did,
   * here `since` or later).
   */
  renewedBetween(
    query: MembersQuery,
    since: number,
    before: number,
  ): AsyncIterable<readonly ReturnedRenewalDoc[]>;
};

/** Members per query: a few thousand documents at most per read, so no read holds the event loop long. */
export const MEMBERS_PER_READ = 50;

/** Only what the readers of MemberFollowUps use (an inclusion costs more on SQLite than an exclusion). */
const HEAVY_FIELDS = {
  history: 0,
  informationContractuelle: 0,
  recentMessages: 0,
  messageCount: 0,
  syncToken: 0,
} as const;

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

/** The indexes of the queries below: a member's follow-ups in date order, their renewals in date order. */
export async function ensureAgendaIndex(store: Store): Promise<void> {
  await followUps(store).createIndex({ organisationId: 1, userId: 1, state: 1, waitingDate: 1 });
  await followUps(store).createIndex({ organisationId: 1, userId: 1, renewalAt: 1 });
}

/** The reads of MemberFollowUps over the store. */
export function memberFollowUps(store: Store): MemberFollowUps {
  const collection = store.collection<ReturnedRenewalDoc>('opportunities');
  async function* byChunks<T>(
    query: MembersQuery,
    filter: (userId: Filter<FollowUpDoc>['userId']) => Filter<ReturnedRenewalDoc>,
    projection: Record<string, 0>,
  ): AsyncGenerator<T[]> {
    const members = [...new Set(query.userIds)];
    for (let start = 0; start < members.length; start += MEMBERS_PER_READ) {
      if (start > 0) await yieldToEventLoop();
      const chunk = members.slice(start, start + MEMBERS_PER_READ);
      const docs = await collection.find(filter(chunk.length === 1 ? chunk[0] : { $in: chunk }), {
        projection,
      });
      if (docs.length > 0) yield docs as T[];
    }
  }
  return {
    dueBefore: (query, dueBefore) =>
      byChunks<FollowUpDoc>(
        query,
        (userId) => ({
          organisationId: query.organisationId,
          userId,
          state: 'WAITING',
          waitingDate: { $lt: dueBefore },
        }),
        HEAVY_FIELDS,
      ),
    renewalsBetween: (query, from, before) =>
      byChunks<FollowUpDoc>(
        query,
        (userId) => ({
          organisationId: query.organisationId,
          userId,
          renewalAt: { $gte: from, $lt: before },
        }),
        HEAVY_FIELDS,
      ),
    renewedBetween: (query, since, before) =>
      byChunks<ReturnedRenewalDoc>(
        query,
        (userId) => ({
          organisationId: query.organisationId,
          userId,
          state: 'TODO',
          stateChangedAt: { $lt: before },
          renewalEndDate: { $exists: true },
          renewedAt: { $gte: since },
        }),
        { informationContractuelle: 0, recentMessages: 0 },
      ),
  };
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
