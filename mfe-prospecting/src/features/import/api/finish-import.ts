import type { ImportSummary } from '@app/domain';
import { apiPost } from '@app/platform';

export type ImportIdInput = { organisationId: string; importId: string };

/** Makes the file visible once every row is stored, and returns the import's summary. */
export function finishImport(input: ImportIdInput): Promise<{ excelId: string; summary: ImportSummary }> {
  return apiPost<{ excelId: string; summary: ImportSummary }>('/api/prospect/import/finish', input, {
    silent: true,
  });
}
