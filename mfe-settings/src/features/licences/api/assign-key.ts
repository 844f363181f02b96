import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

/** `userId: null` frees the licence ('Non attribué'). */
export type AssignKeyInput = { organisationId: string; keyId: string; userId: string | null };

/** Gives a licence to a member, or frees it. */
export function assignKey(input: AssignKeyInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/stripe/assignKey', input);
}
