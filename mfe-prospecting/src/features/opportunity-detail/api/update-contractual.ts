import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type UpdateContractualInput = {
  organisationId: string;
  opportunityId: string;
  /** The version the form was opened with: a stale one answers 409 STALE_VERSION (edit-conflicts.md). */
  version?: number;
  /** The stored object: toContractualRecord's output (keys with underscores). */
  data: Record<string, string>;
};

export function updateContractual(input: UpdateContractualInput): Promise<OpportunityReply> {
  // Silent: the form shows a stale version as a choice, and toasts the other failures itself.
  return apiPost<OpportunityReply>('/api/opportunity/updateContractuelle', input, { silent: true });
}
