import type { NewOpportunityData } from '@app/domain';
import { apiPost } from '@app/platform';

export type AddOpportunityInput = { organisationId: string; data: NewOpportunityData };

/** A manual prospect and its opportunity, owned by the caller. */
export function addOpportunity(input: AddOpportunityInput): Promise<{ opportunityId: string }> {
  return apiPost<{ opportunityId: string }>('/api/opportunity/addone', input);
}
