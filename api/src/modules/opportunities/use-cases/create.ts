// New opportunities: from a prospect of a file (/api/opportunity/create, and the pool's take-next)
// and manual ones with their own prospect (/api/opportunity/addone, the new-opportunity modal).
import {
  EMPTY_VALUE,
  type NewOpportunityData,
  type OpportunityState,
  type ProspectFields,
  type OpportunityTakenReply,
  type OpportunityCreatedReply,
} from '@app/domain';
import { AppError } from '../../../http/app-error';
import type { Actor } from '../../messages/module';
import type { ProspectDoc } from '../../prospects/module';
import { newObjectId, OPPORTUNITY_MESSAGES, type OpportunityDeps } from './context';
import { moveHistoryAfter, newLineId } from './history-log';

export class OpportunityCreation {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'index' | 'gateway' | 'prospects' | 'users' | 'now' | 'history' | 'logger'
    >,
  ) {}

  async createFromProspect(
    actor: Pick<Actor, 'organisationId' | 'userId'>,
    prospectId: string,
  ): Promise<OpportunityTakenReply> {
    const prospect = await this.deps.prospects.visibleProspect(actor, prospectId);
    if (prospect.isAccepted) throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    return this.claim(actor, prospect);
  }

  /** Claims the prospect first (compare-and-set), so two calls cannot both make an opportunity of it. */
  async claim(
    actor: Pick<Actor, 'organisationId' | 'userId'>,
    prospect: ProspectDoc,
  ): Promise<OpportunityTakenReply> {
    const opportunityId = newObjectId();
    const now = this.deps.now();
    if (!(await this.deps.prospects.accept(prospect, { opportunityId, userId: actor.userId, at: now })))
      throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    try {
      await this.deps.repository.insert({
        _id: opportunityId,
        organisationId: actor.organisationId,
        prospectId: prospect._id,
        excelId: prospect.excelId,
        userId: actor.userId,
        state: 'TODO',
        creationDate: now,
        stateChangedAt: now,
        isPrivate: prospect.isPrivate,
        fileOwnerId: prospect.userId,
        // No kind: the detail has always shown a taken prospect's first line as a state line.
        history: [{ id: newLineId(), at: now, by: actor.userId, from: null, to: 'TODO' }],
      });
    } catch (error) {
      // Give the prospect back, or it would show as taken with no opportunity behind it.
      await this.deps.prospects.release(prospect, opportunityId);
      throw error;
    }
    await moveHistoryAfter(this.deps, actor.organisationId, opportunityId);
    await this.deps.index.changed(actor.organisationId, opportunityId);
    return { opportunityId, state: 'TODO' };
  }

  /** A manual opportunity: its prospect, outside any file, and the opportunity, owned by the caller. */
  async addOne(actor: Actor, data: NewOpportunityData): Promise<OpportunityCreatedReply> {
    const [me] = await this.deps.users([actor.userId]);
    const orEmpty = (value: string) => (value.trim() === '' ? EMPTY_VALUE : value.trim());
    const fields: ProspectFields = {
      prospect: orEmpty(data.title),
      enseigne: orEmpty(data.enseigne),
      codePostale: orEmpty(data.codePostale),
      ville: orEmpty(data.ville),
      adresseComplete: orEmpty(data.adresse),
      site: EMPTY_VALUE,
      telephone: orEmpty(data.telephone),
      eMail: orEmpty(data.email),
      siret: orEmpty(data.siret).replace(/\s/g, ''),
      libelleactivite: orEmpty(data.libelle),
      trancheSalarier: orEmpty(data.tranche),
      typeEtablissement: orEmpty(data.state),
    };
    const value: Record<string, unknown> = {};
    if (data.metier) value['Métier'] = data.metier;
    value.contact = data.contacts;
    const opportunityId = newObjectId();
    const now = this.deps.now();
    // The status date dates the opportunity: when it was won, or from when it is to be done. A TODO
    // dated later waits until then ("En attente", the modal's label for it), then is due from it.
    const waitsUntil = data.state2 === 'TODO' && data.dateStatus > now ? data.dateStatus : null;
    const state: OpportunityState = waitsUntil === null ? data.state2 : 'WAITING';
    const prospect = await this.deps.gateway.insertManual({
      organisationId: actor.organisationId,
      userId: actor.userId,
      username: me?.username ?? '',
      fields,
      value: JSON.stringify(value),
      state,
      opportunityId,
      acceptedAt: now,
    });
    try {
      await this.deps.repository.insert({
        _id: opportunityId,
        organisationId: actor.organisationId,
        prospectId: prospect._id,
        excelId: '',
        userId: actor.userId,
        state,
        creationDate: now,
        ...(waitsUntil === null
          ? { stateChangedAt: data.dateStatus }
          : { stateChangedAt: now, waitingDate: waitsUntil }),
        isPrivate: false,
        fileOwnerId: actor.userId,
        history: [{ id: newLineId(), at: now, by: actor.userId, from: null, to: state, kind: 'create' }],
      });
    } catch (error) {
      await this.deps.gateway.deleteManual(actor.organisationId, prospect._id);
      throw error;
    }
    await moveHistoryAfter(this.deps, actor.organisationId, opportunityId);
    await this.deps.index.changed(actor.organisationId, opportunityId);
    return { opportunityId };
  }
}
