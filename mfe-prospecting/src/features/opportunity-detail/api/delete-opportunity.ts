import type { BinDeletedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type DeleteOpportunityInput = { organisationId: string; opportunityId: string };

/** Moves the opportunity and its comments to the bin; its prospect goes back to its file, untaken. */
export function deleteOpportunity(input: DeleteOpportunityInput): Promise<BinDeletedReply> {
  return apiPost<BinDeletedReply>('/api/opportunity/delete', input);
}
