import type { RoundDeletedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export function deleteRound(input: { organisationId: string; roundId: string }): Promise<RoundDeletedReply> {
  return apiPost<RoundDeletedReply>('/api/round/delete', input);
}
