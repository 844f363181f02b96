// Edits that change neither state nor owner: the contractual information (which schedules the
// renewal follow-up) and the prospect's information, seen from the opportunity.
import {
  CONTRACTUAL_KEYS,
  EDIT_VERSION_MESSAGES,
  versionOf,
  type ProspectInfoData,
  renewalDueAt,
  toStoredKey,
  type OpportunityReply,
} from '@app/domain';
import { AppError } from '../../../http/app-error';
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
    version?: number,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    if (version !== undefined && versionOf(doc) !== version) throw await this.stale(actor, opportunityId);
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
    const applied = await this.deps.repository.update(
      doc,
      { $set: set, ...(unset ? { $unset: unset } : {}) },
      { by: actor.userId, at: this.deps.now(), expected: version },
    );
    // Changed by someone else between the read above and this write.
    if (!applied && version !== undefined) throw await this.stale(actor, opportunityId); // The card shows the contractual text; the renewal date is a key.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.detail.get(actor, opportunityId);
  }

  async updateProspect(
    actor: Actor,
    opportunityId: string,
    data: ProspectInfoData,
    version?: number,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const { contacts, custom, ...fields } = data;
    const value: Record<string, unknown> = {};
    for (const pair of custom) value[toStoredKey(pair.title)] = pair.value;
    value.contact = contacts;
    const applied = await this.deps.gateway.edit(
      doc.organisationId,
      doc.prospectId,
      { ...fields, value: JSON.stringify(value) },
      { by: actor.userId, at: this.deps.now(), expected: version },
    );
    if (!applied && version !== undefined) {
      const current = await this.detail.get(actor, opportunityId);
      throw AppError.staleVersion(EDIT_VERSION_MESSAGES.staleProspect, current);
    }
    // Its card shows the prospect: the card is read again at the next page call.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.detail.get(actor, opportunityId);
  }

  /** The 409 of a stale opportunity version, with the opportunity as it is now. */
  private async stale(actor: Actor, opportunityId: string): Promise<AppError> {
    const current = await this.detail.get(actor, opportunityId);
    return AppError.staleVersion(EDIT_VERSION_MESSAGES.staleOpportunity, current);
  }
}
