// What the morning e-mail lists, read for a whole organisation at once (a few paged queries, never one
// per member): the WAITING follow-ups due by tonight, the renewals of the next 7 days, and those a
// renewal brought back today. The opportunities component owns the collection; this read-only query
// stands here until the shared agenda port (follow-ups/agenda.ts) is merged (morning-digest.md).
import { yieldToEventLoop } from '@app/domain';
import type { Collection, Filter, Store } from '../../db/types';
import type { DigestDay } from './day';

type HistoryLine = { at: number; kind?: string };

/** The fields of an opportunity the e-mail reads. */
export type AgendaOpportunity = {
  _id: string;
  organisationId: string;
  prospectId: string;
  userId: string;
  state: string;
  stateChangedAt: number;
  waitingDate?: number;
  renewalAt?: number;
  renewalEndDate?: string;
  history?: HistoryLine[];
};

export type AgendaEntry = {
  opportunityId: string;
  prospectId: string;
  /** Follow-ups: the date; renewals: when it comes back as "A faire". */
  at: number;
  /** Renewals: the contract's forecast end ('YYYY-MM-DD'). */
  contractEnd?: string;
};

export type MemberAgenda = { today: AgendaEntry[]; overdue: AgendaEntry[]; renewals: AgendaEntry[] };

export const emptyAgenda = (): MemberAgenda => ({ today: [], overdue: [], renewals: [] });

/** Read this many at a time, with a turn of the event loop between reads. */
const PAGE = 500;

/** Everything but what the e-mail reads (an exclusion is the faster projection on SQLite). */
const HEAVY_FIELDS = {
  history: 0,
  informationContractuelle: 0,
  recentMessages: 0,
  messageCount: 0,
  syncToken: 0,
} as const;

export class AgendaQuery {
  private readonly opportunities: Collection<AgendaOpportunity>;

  constructor(store: Store) {
    this.opportunities = store.collection<AgendaOpportunity>('opportunities');
  }

  /** Each of `members`' agenda in the organisation (members with nothing are absent). */
  async agendas(
    organisationId: string,
    members: readonly string[],
    day: DigestDay,
  ): Promise<Map<string, MemberAgenda>> {
    const result = new Map<string, MemberAgenda>();
    if (members.length === 0) return result;
    const of = (userId: string) => {
      let agenda = result.get(userId);
      if (!agenda) result.set(userId, (agenda = emptyAgenda()));
      return agenda;
    };
    const userId = { $in: [...members] };

    for await (const doc of this.pages(
      { organisationId, state: 'WAITING', waitingDate: { $lt: day.startOfTomorrow }, userId },
      HEAVY_FIELDS,
    )) {
      const entry = { opportunityId: doc._id, prospectId: doc.prospectId, at: doc.waitingDate ?? 0 };
      if (entry.at >= day.startOfToday) of(doc.userId).today.push(entry);
      else of(doc.userId).overdue.push(entry);
    }
    // Renewals still to come in the window (today's included, if the sweep has not applied it yet).
    for await (const doc of this.pages(
      { organisationId, renewalAt: { $gte: day.startOfToday, $lt: day.endOfRenewalWindow }, userId },
      HEAVY_FIELDS,
    )) {
      of(doc.userId).renewals.push(renewalEntry(doc, doc.renewalAt ?? 0));
    }
    // Renewals the sweep brought back as TODO today (it clears `renewalAt`); history says why.
    for await (const doc of this.pages(
      {
        organisationId,
        state: 'TODO',
        stateChangedAt: { $lt: day.startOfTomorrow },
        renewalEndDate: { $exists: true },
        history: { $elemMatch: { kind: 'renewal', at: { $gte: day.startOfToday } } },
        userId,
      },
      { informationContractuelle: 0, recentMessages: 0 },
    )) {
      const renewal = doc.history?.findLast((line) => line.kind === 'renewal');
      if (renewal && renewal.at >= day.startOfToday)
        of(doc.userId).renewals.push(renewalEntry(doc, doc.stateChangedAt));
    }

    for (const agenda of result.values()) {
      agenda.today.sort(byDate);
      agenda.overdue.sort(byDate);
      agenda.renewals.sort(byDate);
    }
    return result;
  }

  private async *pages(
    filter: Filter<AgendaOpportunity>,
    projection: Record<string, 0>,
  ): AsyncGenerator<AgendaOpportunity> {
    let after: string | null = null;
    for (;;) {
      const page: AgendaOpportunity[] = await this.opportunities.find(
        after === null ? filter : { ...filter, _id: { $gt: after } },
        { sort: { _id: 1 }, limit: PAGE, projection },
      );
      yield* page;
      if (page.length < PAGE) return;
      after = page[page.length - 1]?._id ?? null;
      await yieldToEventLoop();
    }
  }
}

function renewalEntry(doc: AgendaOpportunity, at: number): AgendaEntry {
  return {
    opportunityId: doc._id,
    prospectId: doc.prospectId,
    at,
    ...(doc.renewalEndDate ? { contractEnd: doc.renewalEndDate } : {}),
  };
}

const byDate = (a: AgendaEntry, b: AgendaEntry) =>
  a.at - b.at || (a.opportunityId < b.opportunityId ? -1 : 1);
