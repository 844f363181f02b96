import type { AuditListInput, AuditPageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ListAuditInput = AuditListInput & { organisationId: string };

/** A page of the organisation's audit log, newest first, from `after` on. */
export function listAudit(input: ListAuditInput): Promise<AuditPageReply> {
  return apiPost<AuditPageReply>('/api/audit/list', input);
}
