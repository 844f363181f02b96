import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetLooseInput = { organisationId: string; opportunityId: string };

export function setLoose(input: SetLooseInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/setLoose', input);
}
