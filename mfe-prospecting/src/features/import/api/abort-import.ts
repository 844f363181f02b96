import { apiPost } from '@app/platform';
import type { ImportIdInput } from './finish-import';

/** Removes an unfinished import and the rows it stored. */
export function abortImport(input: ImportIdInput): Promise<Record<string, never>> {
  return apiPost<Record<string, never>>('/api/prospect/import/abort', input, { silent: true });
}
