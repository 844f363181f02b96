import type { ImportBatchInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ImportBatchInput };

/** One batch of rows; sending the same offset again is acknowledged without storing twice. */
export function sendImportRows(
  input: ImportBatchInput & { organisationId: string },
): Promise<{ received: number }> {
  return apiPost<{ received: number }>('/api/prospect/import/rows', input, { silent: true });
}
