// Turning a prospect into an opportunity: the prospect is claimed first (compare-and-set), so two
// simultaneous calls cannot both make one; the opportunity is then stored under the claimed id.
import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { Caller, ProspectCatalogue } from '../prospects/module';
import type { OpportunitiesRepository } from './repository';

export const OPPORTUNITY_MESSAGES = {
  alreadyAccepted: 'Ce prospect est déjà une opportunité',
} as const;

/** An ObjectId-shaped identifier, chosen before the insert so the prospect can be claimed with it. */
const newObjectId = () => randomBytes(12).toString('hex');

export class OpportunitiesService {
  constructor(
    private readonly repository: OpportunitiesRepository,
    private readonly prospects: ProspectCatalogue,
    private readonly now: () => number,
  ) {}

  async createFromProspect(
    caller: Caller,
    prospectId: string,
  ): Promise<{ opportunityId: string; state: 'TODO' }> {
    const prospect = await this.prospects.visibleProspect(caller, prospectId);
    if (prospect.isAccepted) throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    const opportunityId = newObjectId();
    if (!(await this.prospects.accept(prospect, { opportunityId, userId: caller.userId })))
      throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    const now = this.now();
    try {
      await this.repository.insert({
        _id: opportunityId,
        organisationId: caller.organisationId,
        prospectId: prospect._id,
        excelId: prospect.excelId,
        userId: caller.userId,
        state: 'TODO',
        creationDate: now,
        stateChangedAt: now,
        history: [{ at: now, by: caller.userId, from: null, to: 'TODO' }],
      });
    } catch (error) {
      // Give the prospect back, or it would show as taken with no opportunity behind it.
      await this.prospects.release(prospect, opportunityId);
      throw error;
    }
    return { opportunityId, state: 'TODO' };
  }
}
