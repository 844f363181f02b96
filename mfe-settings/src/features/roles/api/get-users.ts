import type { OrganisationUsersReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetUsersInput = { organisationId: string };

/** The organisation's roles, and its members so the editor knows which roles are held. */
export function getUsers(input: GetUsersInput): Promise<OrganisationUsersReply> {
  return apiPost<OrganisationUsersReply>('/api/organisation/getUsers', input);
}
