import { apiPost } from '@app/platform';
import type { Role, RoleHolder } from '../types/role';

export type GetUsersInput = { organisationId: string };
export type GetUsersReply = { roles: Role[]; users: RoleHolder[] };

/** The organisation's roles, and its members so the editor knows which roles are held. */
export function getUsers(input: GetUsersInput): Promise<GetUsersReply> {
  return apiPost<GetUsersReply>('/api/organisation/getUsers', input);
}
