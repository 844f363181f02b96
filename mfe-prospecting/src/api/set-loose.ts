import { apiPost } from '@app/platform';
import type { OpportunityView } from '../types/opportunity-view';

export type SetLooseInput = { organisationId: string; opportunityId: string };

export function setLoose(input: SetLooseInput): Promise<{ opportunity: OpportunityView }> {
  return apiPost<{ opportunity: OpportunityView }>('/api/opportunity/setLoose', input);
}
