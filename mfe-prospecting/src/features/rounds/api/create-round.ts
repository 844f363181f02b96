import type { RoundInput, RoundView } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateRoundInput = RoundInput & { organisationId: string };

export function createRound(input: CreateRoundInput): Promise<{ round: RoundView }> {
  return apiPost<{ round: RoundView }>('/api/round/create', input);
}
