import { apiPost } from '@app/platform';

export function deleteRound(input: { organisationId: string; roundId: string }): Promise<{ deleted: true }> {
  return apiPost<{ deleted: true }>('/api/round/delete', input);
}
