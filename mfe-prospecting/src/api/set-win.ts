import { apiPost } from '@app/platform';
import type { OpportunityView } from '../types/opportunity-view';

export type SetWinInput = { organisationId: string; opportunityId: string };

export function setWin(input: SetWinInput): Promise<{ opportunity: OpportunityView }> {
  return apiPost<{ opportunity: OpportunityView }>('/api/opportunity/setWin', input);
}
