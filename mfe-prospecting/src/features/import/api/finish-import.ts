import type { ImportResult } from '@app/domain';
import { apiPost } from '@app/platform';

export type ImportIdInput = { organisationId: string; importId: string };

/**
 * Makes the file visible once every row is stored, and returns the import's summary; `excelId` is
 * null when no row was stored (no file is created).
 */
export function finishImport(input: ImportIdInput): Promise<ImportResult> {
  return apiPost<ImportResult>('/api/prospect/import/finish', input, {
    silent: true,
  });
}
