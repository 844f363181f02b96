import type { RoleChangeInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type ChangeRoleInput = RoleChangeInput & { organisationId: string };

/** Gives a member another role of the organisation; the reply's message is the success toast. */
export function changeRole(input: ChangeRoleInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/user/changeRole', input);
}
