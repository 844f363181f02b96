import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetOpportunitySilentlyInput = { organisationId: string; opportunityId: string };

/**
 * One opportunity, read again because a colleague changed it: no toast when it is gone or no longer
 * visible (404), the list simply drops it.
 */
export function getOpportunitySilently(input: GetOpportunitySilentlyInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/get', input, { silent: true });
}
