import type { NewOpportunityData, OpportunityCreatedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type AddOpportunityInput = { organisationId: string; data: NewOpportunityData };

/** A manual prospect and its opportunity, owned by the caller. */
export function addOpportunity(input: AddOpportunityInput): Promise<OpportunityCreatedReply> {
  return apiPost<OpportunityCreatedReply>('/api/opportunity/addone', input);
}
