import { apiPost } from '@app/platform';

export type RevokeInvitationInput = { organisationId: string; invitationId: string };

/** Cancels an invitation: its link no longer works. */
export function revokeInvitation(input: RevokeInvitationInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/invitation/revoke', input);
}
