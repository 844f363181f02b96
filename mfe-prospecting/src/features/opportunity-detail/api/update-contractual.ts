import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateContractualInput = {
  organisationId: string;
  opportunityId: string;
  /** The stored object: toContractualRecord's output (keys with underscores). */
  data: Record<string, string>;
};

export function updateContractual(input: UpdateContractualInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/updateContractuelle', input);
}
