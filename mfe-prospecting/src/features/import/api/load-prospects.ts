import type { ImportSummary, ProspectImportInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ProspectImportInput };

export type ImportReply = { excelId: string; summary: ImportSummary };

/** A file that fits in one request (SPEC §7 payload). */
export function loadProspects(input: ProspectImportInput & { organisationId: string }): Promise<ImportReply> {
  return apiPost<ImportReply>('/api/prospect/load', input, { silent: true });
}
