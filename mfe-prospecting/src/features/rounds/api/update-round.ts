import type { RoundInput, RoundView } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateRoundInput = RoundInput & { organisationId: string; roundId: string };

/** Saves the whole round again: name, start and the stops in their new order. */
export function updateRound(input: UpdateRoundInput): Promise<{ round: RoundView }> {
  return apiPost<{ round: RoundView }>('/api/round/update', input);
}
