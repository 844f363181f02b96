import type { MessageReply, RoleEditInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type EditRoleInput = RoleEditInput & { organisationId: string };

/** Renames a role and sets its mask; `binaryValue` is a decimal string (SPEC §7). */
export function editRole(input: EditRoleInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/user/editRole', input);
}
