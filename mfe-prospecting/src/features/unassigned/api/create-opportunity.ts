import type { OpportunityTakenReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateOpportunityInput = { organisationId: string; prospectId: string };

/** Takes one prospect of the pool: a TODO opportunity of the caller. */
export function createOpportunity(input: CreateOpportunityInput): Promise<OpportunityTakenReply> {
  return apiPost<OpportunityTakenReply>('/api/opportunity/create', input);
}
