import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetWaitingInput = {
  organisationId: string;
  opportunityId: string;
  /** The follow-up date, epoch ms (SPEC §4). */
  date: number;
};

export function setWaiting(input: SetWaitingInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/setWaiting', input);
}
