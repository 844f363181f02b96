// What the morning e-mail lists, for every member of an organisation at once: the WAITING follow-ups
// due by tonight, the renewals of the next 7 days, and those a renewal brought back today. Read through
// the follow-ups component's port (MemberFollowUps: a chunk of members per query, never one query per
// member), then split by member in memory (docs/decisions/morning-digest.md).
import type { MemberFollowUps } from '../follow-ups/module';
import type { DigestDay } from './day';

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

export class AgendaQuery {
  constructor(private readonly followUps: MemberFollowUps) {}

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
    const query = { organisationId, userIds: members };

    for await (const docs of this.followUps.dueBefore(query, day.startOfTomorrow)) {
      for (const doc of docs) {
        const entry = { opportunityId: doc._id, prospectId: doc.prospectId, at: doc.waitingDate ?? 0 };
        if (entry.at >= day.startOfToday) of(doc.userId).today.push(entry);
        else of(doc.userId).overdue.push(entry);
      }
    }
    // Renewals still to come in the window (today's included, if the sweep has not applied it yet).
    for await (const docs of this.followUps.renewalsBetween(query, day.startOfToday, day.endOfRenewalWindow))
      for (const doc of docs) of(doc.userId).renewals.push(renewalEntry(doc, doc.renewalAt ?? 0));
    // Renewals the sweep brought back as TODO today (it clears `renewalAt`; `renewedAt` says when).
    for await (const docs of this.followUps.renewedBetween(query, day.startOfToday, day.startOfTomorrow)) {
      for (const doc of docs)
        if (doc.renewedAt !== undefined && doc.renewedAt >= day.startOfToday)
          of(doc.userId).renewals.push(renewalEntry(doc, doc.stateChangedAt));
    }

    for (const agenda of result.values()) {
      agenda.today.sort(byDate);
      agenda.overdue.sort(byDate);
      agenda.renewals.sort(byDate);
    }
    return result;
  }
}

function renewalEntry(
  doc: { _id: string; prospectId: string; renewalEndDate?: string },
  at: number,
): AgendaEntry {
  return {
    opportunityId: doc._id,
    prospectId: doc.prospectId,
    at,
    ...(doc.renewalEndDate ? { contractEnd: doc.renewalEndDate } : {}),
  };
}

const byDate = (a: AgendaEntry, b: AgendaEntry) =>
  a.at - b.at || (a.opportunityId < b.opportunityId ? -1 : 1);
