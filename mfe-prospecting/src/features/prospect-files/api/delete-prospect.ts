import type { BinDeletedReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type DeleteProspectInput = { organisationId: string; prospectId: string };

/** Moves one prospect (with its opportunity, if taken) to the bin. */
export function deleteProspect(input: DeleteProspectInput): Promise<BinDeletedReply> {
  return apiPost<BinDeletedReply>('/api/prospect/deleteOne', input);
}
