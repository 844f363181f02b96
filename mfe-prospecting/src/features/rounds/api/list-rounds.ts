import type { RoundsReply } from '@app/domain';
import { apiPost } from '@app/platform';

/** The caller's saved rounds in the organisation, newest first. */
export function listRounds(input: { organisationId: string }): Promise<RoundsReply> {
  return apiPost<RoundsReply>('/api/round/list', input);
}
