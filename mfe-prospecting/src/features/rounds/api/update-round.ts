import type { RoundInput, RoundReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateRoundInput = RoundInput & { organisationId: string; roundId: string };

/** Saves the whole round again: name, start and the stops in their new order. */
export function updateRound(input: UpdateRoundInput): Promise<RoundReply> {
  return apiPost<RoundReply>('/api/round/update', input);
}
