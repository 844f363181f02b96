// Edits that change neither state nor owner: the contractual information (which schedules the
// renewal follow-up) and the prospect's information, seen from the opportunity.
import {
  CONTRACTUAL_KEYS,
  type ProspectInfoData,
  renewalDueAt,
  toStoredKey,
  type OpportunityReply,
} from '@app/domain';
import type { Actor } from '../../messages/module';
import type { OpportunityDoc } from '../repository';
import { type OpportunityDeps, visibleOpportunity } from './context';
import type { OpportunityDetail } from './detail';

export class OpportunityEdits {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'index' | 'gateway' | 'timeZone' | 'renewalLeadDays' | 'now'
    >,
    private readonly detail: OpportunityDetail,
  ) {}

  async updateContractual(
    actor: Actor,
    opportunityId: string,
    data: Record<string, string>,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const endDate = data[CONTRACTUAL_KEYS.endDate] ?? '';
    const set: Partial<OpportunityDoc> = { informationContractuelle: JSON.stringify(data) };
    let unset: { renewalAt?: true; renewalEndDate?: true } | undefined;
    if (endDate === '') {
      if (doc.renewalEndDate !== undefined || doc.renewalAt !== undefined)
        unset = { renewalAt: true, renewalEndDate: true };
    } else if (endDate !== doc.renewalEndDate) {
      // A new end date schedules its follow-up; saving the same one again does not bring it back twice.
      const dueAt = renewalDueAt(endDate, this.deps.renewalLeadDays, this.deps.timeZone);
      if (dueAt !== null) Object.assign(set, { renewalAt: dueAt, renewalEndDate: endDate });
    }
    await this.deps.repository.update(doc, { $set: set, ...(unset ? { $unset: unset } : {}) });
    // The card shows the contractual text; the renewal date is a key.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.detail.get(actor, opportunityId);
  }

  async updateProspect(
    actor: Actor,
    opportunityId: string,
    data: ProspectInfoData,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const { contacts, custom, ...fields } = data;
    const value: Record<string, unknown> = {};
    for (const pair of custom) value[toStoredKey(pair.title)] = pair.value;
    value.contact = contacts;
    await this.deps.gateway.edit(
      doc.organisationId,
      doc.prospectId,
      { ...fields, value: JSON.stringify(value) },
      this.deps.now(),
    );
    // Its card shows the prospect: the card is read again at the next page call.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.detail.get(actor, opportunityId);
  }
}
