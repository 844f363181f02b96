import type { RoleCreatedReply, RoleCreateInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateRoleInput = RoleCreateInput & { organisationId: string };

/** Creates a role; `binaryValue` is the mask as a decimal string (SPEC §7). */
export function createRole(input: CreateRoleInput): Promise<RoleCreatedReply> {
  return apiPost<RoleCreatedReply>('/api/user/createRole', input);
}
