import type { OpportunityView, ProspectInfoData } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateProspectInput = {
  organisationId: string;
  opportunityId: string;
  data: ProspectInfoData;
};

export function updateProspect(input: UpdateProspectInput): Promise<{ opportunity: OpportunityView }> {
  return apiPost<{ opportunity: OpportunityView }>('/api/opportunity/updateProspect', input);
}
