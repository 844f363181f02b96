import { apiPost } from '@app/platform';

export type JoinInvitationInput = { invitationId: string };

/** The session token (added by apiPost) names who joins; the invitation travels in the path. */
export function joinInvitation({ invitationId }: JoinInvitationInput): Promise<{ organisationName: string }> {
  return apiPost<{ organisationName: string }>(
    `/api/invitation/join/${encodeURIComponent(invitationId)}`,
    {},
  );
}
