import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetOpportunityInput = { organisationId: string; opportunityId: string };

/** One opportunity with all its messages (oldest first) and, for "Voir l'historique", its history. */
export function getOpportunity(input: GetOpportunityInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/get', input);
}
