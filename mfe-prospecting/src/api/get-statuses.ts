import { apiPost } from '@app/platform';
import type { StatusView } from '../types/opportunity-view';

export type GetStatusesInput = { organisationId: string };

/** The organisation's comment statuses (Mail, Appel Abouti, Appel non Abouti, PP, PP Validé). */
export function getStatuses(input: GetStatusesInput): Promise<{ status: StatusView[] }> {
  return apiPost<{ status: StatusView[] }>('/api/opportunity/status', input);
}
