import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type RemoveUserInput = { organisationId: string; userId: string; reassignTo: string };

/** Removes a member; their opportunities go to `reassignTo` and their licence is freed. */
export function removeUser(input: RemoveUserInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/user/remove', input);
}
