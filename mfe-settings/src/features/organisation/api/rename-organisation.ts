import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type RenameOrganisationInput = { organisationId: string; name: string };

/** Renames the organisation (its owner only). */
export function renameOrganisation(input: RenameOrganisationInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/organisation/rename', input);
}
