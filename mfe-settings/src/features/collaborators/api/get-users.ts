import { apiPost } from '@app/platform';
import type { Member, RoleOption } from '../types/member';

export type GetUsersInput = { organisationId: string };
export type GetUsersReply = { roles: RoleOption[]; users: Member[] };

/** The organisation's members with their role and licence, and its roles. */
export function getUsers(input: GetUsersInput): Promise<GetUsersReply> {
  return apiPost<GetUsersReply>('/api/organisation/getUsers', input);
}
