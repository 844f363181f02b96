import type { OrganisationUsersReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetUsersInput = { organisationId: string };

/** The members a licence can be given to. */
export function getUsers(input: GetUsersInput): Promise<OrganisationUsersReply> {
  return apiPost<OrganisationUsersReply>('/api/organisation/getUsers', input);
}
