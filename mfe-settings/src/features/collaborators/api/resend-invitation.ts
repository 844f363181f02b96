import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ResendInvitationInput = { organisationId: string; invitationId: string };

/** Sends the invitation e-mail again. */
export function resendInvitation(input: ResendInvitationInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/invitation/resend', input);
}
