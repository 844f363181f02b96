import type { OrganisationUsersReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetUsersInput = { organisationId: string };

/** The organisation's members with their role and licence, and its roles. */
export function getUsers(input: GetUsersInput): Promise<OrganisationUsersReply> {
  return apiPost<OrganisationUsersReply>('/api/organisation/getUsers', input);
}
