import { apiPost } from '@app/platform';

export type ResendInvitationInput = { organisationId: string; invitationId: string };

/** Sends the invitation e-mail again. */
export function resendInvitation(input: ResendInvitationInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/invitation/resend', input);
}
