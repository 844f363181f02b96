import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetWinInput = { organisationId: string; opportunityId: string };

export function setWin(input: SetWinInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/setWin', input);
}
