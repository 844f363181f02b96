import type { OpportunityCreatedReply } from '@app/domain';
// The unassigned pool: the prospects of the ready files not yet taken, and "take the next one".
import type { Actor } from '../../messages/module';
import type { PoolRow } from '../../prospects/module';
import { AppError } from '../../../http/app-error';
import { OPPORTUNITY_MESSAGES, type OpportunityDeps } from './context';
import type { OpportunityCreation } from './create';

export class UnassignedPool {
  constructor(
    private readonly deps: Pick<OpportunityDeps, 'gateway' | 'prospects'>,
    private readonly creation: OpportunityCreation,
  ) {}

  page(actor: Actor, input: { offset: number; limit: number }): Promise<{ value: PoolRow[]; total: number }> {
    return this.deps.gateway.pool(actor.organisationId, actor.userId, input.offset, input.limit);
  }

  /** The first prospect of the pool becomes the caller's TODO; losing a race for it moves on to the next. */
  async takeNext(actor: Actor): Promise<OpportunityCreatedReply> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { value } = await this.deps.gateway.pool(actor.organisationId, actor.userId, 0, 1);
      const first = value[0];
      if (!first) throw AppError.notFound(OPPORTUNITY_MESSAGES.poolEmpty);
      const prospect = await this.deps.prospects.visibleProspect(actor, first._id);
      if (prospect.isAccepted) continue;
      try {
        return { opportunityId: (await this.creation.claim(actor, prospect)).opportunityId };
      } catch (error) {
        // Someone took this one between the read and the claim: try the next.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
    throw AppError.conflict(OPPORTUNITY_MESSAGES.busy);
  }
}
