// Renewal follow-ups: an opportunity whose contract end comes within the lead is brought back as TODO
// (docs/decisions/opportunities.md, "Renewal follow-ups"). Applied by the hourly sweep, at start, and
// by the reads that find one due.
import { computeTiming, renewalReason, yieldToEventLoop } from '@app/domain';
import { type HistoryEntry, WRITE_CHUNK } from '../repository';
import type { OpportunityDeps } from './context';
import { newLineId } from './history-log';
import { writeTrackedChanges } from './tracked-change';

export class Renewals {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'gateway' | 'users' | 'now' | 'timeZone' | 'renewalLeadDays' | 'notify' | 'history'
    >,
  ) {}

  /** Brings back as TODO every opportunity whose renewal is due (one organisation, or all). */
  async applyDue(organisationId?: string): Promise<number> {
    const { repository, renewalLeadDays, timeZone } = this.deps;
    let applied = 0;
    for (;;) {
      const now = this.deps.now();
      const due = await repository.dueRenewals(now, organisationId);
      for (const doc of due) {
        const entry: HistoryEntry = {
          id: newLineId(),
          at: now,
          by: null,
          from: computeTiming(doc, now, timeZone).state,
          to: 'TODO',
          kind: 'renewal',
          reason: renewalReason(doc.renewalEndDate ?? '', renewalLeadDays),
        };
        const written = await writeTrackedChanges(this.deps, doc.organisationId, [
          {
            doc,
            // Unless it was rescheduled meanwhile.
            write: (syncToken) => repository.applyRenewal(doc, entry, syncToken),
            copy: { state: 'TODO' },
          },
        ]);
        applied += written;
        if (written > 0)
          await this.deps.notify({
            organisationId: doc.organisationId,
            userId: doc.userId,
            kind: 'renewalDue',
            opportunityId: doc._id,
            prospectId: doc.prospectId,
            renewalAt: doc.renewalAt ?? now,
          });
      }
      if (due.length < WRITE_CHUNK) return applied;
      await yieldToEventLoop();
    }
  }
}
