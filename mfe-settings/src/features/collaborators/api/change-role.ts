import type { MessageReply, RoleChangeInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type ChangeRoleInput = RoleChangeInput & { organisationId: string };

/** Gives a member another role of the organisation; the reply's message is the success toast. */
export function changeRole(input: ChangeRoleInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/user/changeRole', input);
}
