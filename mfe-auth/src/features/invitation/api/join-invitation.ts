import type { JoinInvitationReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type JoinInvitationInput = { invitationId: string };

/** The session token (added by apiPost) names who joins; the invitation travels in the path. */
export function joinInvitation({ invitationId }: JoinInvitationInput): Promise<JoinInvitationReply> {
  return apiPost<JoinInvitationReply>(`/api/invitation/join/${encodeURIComponent(invitationId)}`, {});
}
