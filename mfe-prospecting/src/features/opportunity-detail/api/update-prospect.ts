import type { OpportunityReply, ProspectInfoData } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateProspectInput = {
  organisationId: string;
  opportunityId: string;
  data: ProspectInfoData;
};

export function updateProspect(input: UpdateProspectInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/updateProspect', input);
}
