import { apiPost } from '@app/platform';
import type { Invitation } from '../types/member';

export type GetInvitationsInput = { organisationId: string };

/** The organisation's invitations nobody has accepted yet. */
export function getInvitations(input: GetInvitationsInput): Promise<{ invitations: Invitation[] }> {
  return apiPost<{ invitations: Invitation[] }>('/api/invitation/list', input);
}
