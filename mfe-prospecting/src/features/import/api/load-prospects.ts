import type { ImportReply, ProspectImportInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ProspectImportInput };

/** A file that fits in one request (SPEC §7 payload). */
export function loadProspects(input: ProspectImportInput & { organisationId: string }): Promise<ImportReply> {
  return apiPost<ImportReply>('/api/prospect/load', input, { silent: true });
}
