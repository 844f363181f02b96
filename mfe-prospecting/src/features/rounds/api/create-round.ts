import type { RoundInput, RoundReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateRoundInput = RoundInput & { organisationId: string };

export function createRound(input: CreateRoundInput): Promise<RoundReply> {
  return apiPost<RoundReply>('/api/round/create', input);
}
