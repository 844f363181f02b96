import type { ImportStartInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ImportStartInput };

/** Opens a batched import: the file exists, invisible ('importing'), until finishImport. */
export function startImport(
  input: ImportStartInput & { organisationId: string },
): Promise<{ importId: string }> {
  return apiPost<{ importId: string }>('/api/prospect/import/start', input, { silent: true });
}
