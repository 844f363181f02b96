import { apiPost } from '@app/platform';

export type LeaveOrganisationInput = { organisationId: string };

/** The caller leaves the organisation (its owner cannot). */
export function leaveOrganisation(input: LeaveOrganisationInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/organisation/leave', input);
}
