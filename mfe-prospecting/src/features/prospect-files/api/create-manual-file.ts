import { apiPost } from '@app/platform';

export type CreateManualFileInput = { organisationId: string; name: string; isPrivate: boolean };

/** An empty, ready file to which opportunities can be added later. */
export function createManualFile(input: CreateManualFileInput): Promise<{ excelId: string }> {
  return apiPost<{ excelId: string }>('/api/prospect/createManual', input);
}
