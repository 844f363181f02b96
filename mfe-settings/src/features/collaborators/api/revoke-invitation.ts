import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type RevokeInvitationInput = { organisationId: string; invitationId: string };

/** Cancels an invitation: its link no longer works. */
export function revokeInvitation(input: RevokeInvitationInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/invitation/revoke', input);
}
