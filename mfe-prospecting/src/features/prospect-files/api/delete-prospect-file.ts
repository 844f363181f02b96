import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type DeleteProspectFileInput = { organisationId: string; excelId: string };

/** Removes the file and its untouched prospects; the reply's message is the success toast. */
export function deleteProspectFile(input: DeleteProspectFileInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/prospect/delete', input);
}
