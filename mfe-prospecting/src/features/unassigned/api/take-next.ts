import type { OpportunityCreatedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type TakeNextInput = { organisationId: string };

/** Makes the first prospect of the pool a TODO opportunity of the caller. */
export function takeNext(input: TakeNextInput): Promise<OpportunityCreatedReply> {
  return apiPost<OpportunityCreatedReply>('/api/opportunity/takeNext', input);
}
