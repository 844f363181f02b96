import type { ImportStartInput, ImportStartReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ImportStartInput };

/** Opens a batched import: the file exists, invisible ('importing'), until finishImport. */
export function startImport(input: ImportStartInput & { organisationId: string }): Promise<ImportStartReply> {
  return apiPost<ImportStartReply>('/api/prospect/import/start', input, { silent: true });
}
