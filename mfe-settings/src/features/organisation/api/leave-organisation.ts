import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type LeaveOrganisationInput = { organisationId: string };

/** The caller leaves the organisation (its owner cannot). */
export function leaveOrganisation(input: LeaveOrganisationInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/organisation/leave', input);
}
