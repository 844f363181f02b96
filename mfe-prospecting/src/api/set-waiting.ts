import { apiPost } from '@app/platform';
import type { OpportunityView } from '../types/opportunity-view';

export type SetWaitingInput = {
  organisationId: string;
  opportunityId: string;
  /** The follow-up date, epoch ms (SPEC §4). */
  date: number;
};

export function setWaiting(input: SetWaitingInput): Promise<{ opportunity: OpportunityView }> {
  return apiPost<{ opportunity: OpportunityView }>('/api/opportunity/setWaiting', input);
}
