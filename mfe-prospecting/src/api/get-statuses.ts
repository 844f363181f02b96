import type { StatusesReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetStatusesInput = { organisationId: string };

/** The organisation's comment statuses (Mail, Appel Abouti, Appel non Abouti, PP, PP Validé). */
export function getStatuses(input: GetStatusesInput): Promise<StatusesReply> {
  return apiPost<StatusesReply>('/api/opportunity/status', input);
}
