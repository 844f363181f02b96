import type { RoundReply } from '@app/domain';
import { apiPost } from '@app/platform';

export function getRound(input: { organisationId: string; roundId: string }): Promise<RoundReply> {
  return apiPost<RoundReply>('/api/round/get', input);
}
