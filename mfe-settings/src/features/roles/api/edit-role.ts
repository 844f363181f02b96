import type { RoleEditInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type EditRoleInput = RoleEditInput & { organisationId: string };

/** Renames a role and sets its mask; `binaryValue` is a decimal string (SPEC §7). */
export function editRole(input: EditRoleInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/user/editRole', input);
}
