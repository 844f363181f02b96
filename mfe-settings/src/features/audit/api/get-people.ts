import type { OrganisationUsersReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetPeopleInput = { organisationId: string };

/** The organisation's members: the choices of the "Personne" filter. */
export function getPeople(input: GetPeopleInput): Promise<OrganisationUsersReply> {
  return apiPost<OrganisationUsersReply>('/api/organisation/getUsers', input);
}
