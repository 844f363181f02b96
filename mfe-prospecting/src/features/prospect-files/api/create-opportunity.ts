import { apiPost } from '@app/platform';

export type CreateOpportunityInput = { organisationId: string; prospectId: string };

/** Turns a prospect into a TODO opportunity owned by the caller; a prospect already taken is a 409. */
export function createOpportunity(
  input: CreateOpportunityInput,
): Promise<{ opportunityId: string; state: 'TODO' }> {
  return apiPost<{ opportunityId: string; state: 'TODO' }>('/api/opportunity/create', input);
}
