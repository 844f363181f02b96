import type { AuditExportReply, AuditFilters } from '@app/domain';
import { apiPost } from '@app/platform';

export type ExportAuditInput = AuditFilters & { organisationId: string };

/** The records matching the filters as one CSV file (byte-order mark included). */
export function exportAudit(input: ExportAuditInput): Promise<AuditExportReply> {
  return apiPost<AuditExportReply>('/api/audit/export', input);
}
