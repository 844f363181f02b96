import type { ImportResult, ProspectImportInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ProspectImportInput };

/** A file that fits in one request (SPEC §7 payload); `excelId` is null when no row was stored. */
export function loadProspects(
  input: ProspectImportInput & { organisationId: string },
): Promise<ImportResult> {
  return apiPost<ImportResult>('/api/prospect/load', input, { silent: true });
}
