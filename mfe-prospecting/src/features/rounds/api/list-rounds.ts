import type { RoundSummary } from '@app/domain';
import { apiPost } from '@app/platform';

/** The caller's saved rounds in the organisation, newest first. */
export function listRounds(input: { organisationId: string }): Promise<{ rounds: RoundSummary[] }> {
  return apiPost<{ rounds: RoundSummary[] }>('/api/round/list', input);
}
