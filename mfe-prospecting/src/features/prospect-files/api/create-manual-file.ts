import type { ProspectFileCreatedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateManualFileInput = { organisationId: string; name: string; isPrivate: boolean };

/** An empty, ready file to which opportunities can be added later. */
export function createManualFile(input: CreateManualFileInput): Promise<ProspectFileCreatedReply> {
  return apiPost<ProspectFileCreatedReply>('/api/prospect/createManual', input);
}
