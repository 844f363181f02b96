import type { InvitationCreateInput, MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type CreateInvitationInput = InvitationCreateInput & { organisationId: string };

/** Sends the invitation e-mail; the reply's message is the success toast. */
export function createInvitation(input: CreateInvitationInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/invitation/create', input);
}
