// Edits that change neither state nor owner: the contractual information (which schedules the
// renewal follow-up) and the prospect's information, seen from the opportunity.
import {
  type AuditValue,
  CONTRACTUAL_KEYS,
  customFieldsOf,
  EDIT_VERSION_MESSAGES,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
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

type Values = Record<string, AuditValue>;

/** The keys whose value differs, each side with only those (what the audit log shows of an edit). */
export function changedValues(before: Values, after: Values): { before: Values; after: Values } | null {
  const changed = { before: {} as Values, after: {} as Values };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? '';
    const is = after[key] ?? '';
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changed.before[key] = was;
    changed.after[key] = is;
  }
  return Object.keys(changed.after).length === 0 ? null : changed;
}

function contactsOf(stored: string): unknown {
  try {
    return (JSON.parse(stored) as { contact?: unknown } | null)?.contact ?? [];
  } catch {
    return [];
  }
}

const asValues = (record: Record<string, unknown>): Values => JSON.parse(JSON.stringify(record)) as Values;

export class OpportunityEdits {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'index' | 'gateway' | 'timeZone' | 'renewalLeadDays' | 'now' | 'record'
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
    if (!applied && version !== undefined) throw await this.stale(actor, opportunityId);
    // The card shows the contractual text; the renewal date is a key.
    await this.deps.index.changed(doc.organisationId, doc._id);
    const changed = changedValues(asValues(customFieldsOf(doc.informationContractuelle ?? '')), data);
    if (changed)
      await this.deps.record({
        organisationId: doc.organisationId,
        actorUserId: actor.userId,
        kind: 'contractEdited',
        subject: { type: 'opportunity', id: doc._id, label: await this.prospectName(doc) },
        ...changed,
      });
    return this.detail.get(actor, opportunityId);
  }

  async updateProspect(
    actor: Actor,
    opportunityId: string,
    data: ProspectInfoData,
    version?: number,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const [previous] = await this.deps.gateway.byIds(doc.organisationId, [doc.prospectId]);
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
    const readable = (prospect: Partial<Record<string, unknown>>, stored: string): Values => {
      const values: Values = {};
      for (const field of PROSPECT_FIELDS)
        values[PROSPECT_FIELD_LABELS[field]] = String(prospect[field] ?? '');
      values.Contacts = asValues({ list: contactsOf(stored) }).list ?? [];
      for (const [key, custom] of Object.entries(customFieldsOf(stored)))
        values[key.replace(/_/g, ' ')] = String(custom);
      return values;
    };
    const changed = changedValues(
      previous ? readable(previous, previous.value) : {},
      readable(fields, JSON.stringify(value)),
    );
    if (changed)
      await this.deps.record({
        organisationId: doc.organisationId,
        actorUserId: actor.userId,
        kind: 'prospectEdited',
        subject: { type: 'prospect', id: doc.prospectId, label: fields.prospect || previous?.prospect || '' },
        ...changed,
      });
    return this.detail.get(actor, opportunityId);
  }

  /** The 409 of a stale opportunity version, with the opportunity as it is now. */
  private async stale(actor: Actor, opportunityId: string): Promise<AppError> {
    const current = await this.detail.get(actor, opportunityId);
    return AppError.staleVersion(EDIT_VERSION_MESSAGES.staleOpportunity, current);
  }

  private async prospectName(doc: OpportunityDoc): Promise<string> {
    const [prospect] = await this.deps.gateway.byIds(doc.organisationId, [doc.prospectId]);
    return prospect?.prospect ?? '';
  }
}
