import type { InvitationsReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetInvitationsInput = { organisationId: string };

/** The organisation's invitations nobody has accepted yet. */
export function getInvitations(input: GetInvitationsInput): Promise<InvitationsReply> {
  return apiPost<InvitationsReply>('/api/invitation/list', input);
}
