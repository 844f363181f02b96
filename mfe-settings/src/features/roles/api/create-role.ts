import type { RoleCreateInput } from '@app/domain';
import { apiPost } from '@app/platform';
import type { Role } from '../types/role';

export type CreateRoleInput = RoleCreateInput & { organisationId: string };

/** Creates a role; `binaryValue` is the mask as a decimal string (SPEC §7). */
export function createRole(input: CreateRoleInput): Promise<{ role: Role; message: string }> {
  return apiPost<{ role: Role; message: string }>('/api/user/createRole', input);
}
