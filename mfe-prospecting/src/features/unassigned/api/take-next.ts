import { apiPost } from '@app/platform';

export type TakeNextInput = { organisationId: string };

/** Makes the first prospect of the pool a TODO opportunity of the caller. */
export function takeNext(input: TakeNextInput): Promise<{ opportunityId: string }> {
  return apiPost<{ opportunityId: string }>('/api/opportunity/takeNext', input);
}
