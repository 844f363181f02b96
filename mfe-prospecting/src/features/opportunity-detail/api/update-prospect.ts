import type { OpportunityReply, ProspectInfoData } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateProspectInput = {
  organisationId: string;
  opportunityId: string;
  /** The version the form was opened with: a stale one answers 409 STALE_VERSION (edit-conflicts.md). */
  version?: number;
  data: ProspectInfoData;
};

export function updateProspect(input: UpdateProspectInput): Promise<OpportunityReply> {
  // Silent: the form shows a stale version as a choice, and toasts the other failures itself.
  return apiPost<OpportunityReply>('/api/opportunity/updateProspect', input, { silent: true });
}
