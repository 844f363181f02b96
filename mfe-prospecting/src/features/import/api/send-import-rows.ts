import type { ImportBatchInput, ImportRowsReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ImportBatchInput };

/** One batch of rows; sending the same offset again is acknowledged without storing twice. */
export function sendImportRows(
  input: ImportBatchInput & { organisationId: string },
): Promise<ImportRowsReply> {
  return apiPost<ImportRowsReply>('/api/prospect/import/rows', input, { silent: true });
}
