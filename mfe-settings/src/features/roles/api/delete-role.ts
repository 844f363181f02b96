import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type DeleteRoleInput = { organisationId: string; roleId: string };

/** Deletes a role nobody holds. */
export function deleteRole(input: DeleteRoleInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/user/deleteRole', input);
}
