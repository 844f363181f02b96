import type { RoundView } from '@app/domain';
import { apiPost } from '@app/platform';

export function getRound(input: { organisationId: string; roundId: string }): Promise<{ round: RoundView }> {
  return apiPost<{ round: RoundView }>('/api/round/get', input);
}
