import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetOpportunityInput = { organisationId: string; opportunityId: string };

/** A stop's opportunity with all its messages (oldest first), for its card in "Ma journée". */
export function getOpportunity(input: GetOpportunityInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/get', input);
}
