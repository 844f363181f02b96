import type { OpportunityTakenReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateOpportunityInput = { organisationId: string; prospectId: string };

/** Turns a prospect into a TODO opportunity owned by the caller; a prospect already taken is a 409. */
export function createOpportunity(input: CreateOpportunityInput): Promise<OpportunityTakenReply> {
  return apiPost<OpportunityTakenReply>('/api/opportunity/create', input);
}
