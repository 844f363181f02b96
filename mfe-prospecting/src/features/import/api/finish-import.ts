import type { ImportReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ImportIdInput = { organisationId: string; importId: string };

/** Makes the file visible once every row is stored, and returns the import's summary. */
export function finishImport(input: ImportIdInput): Promise<ImportReply> {
  return apiPost<ImportReply>('/api/prospect/import/finish', input, {
    silent: true,
  });
}
