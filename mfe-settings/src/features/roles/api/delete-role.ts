import { apiPost } from '@app/platform';

export type DeleteRoleInput = { organisationId: string; roleId: string };

/** Deletes a role nobody holds. */
export function deleteRole(input: DeleteRoleInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/user/deleteRole', input);
}
