import type { OpportunityCounts } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetAllCountInput = { organisationId: string };

/** How many opportunities the caller sees in each list (the tabs' counts). */
export function getAllCount(input: GetAllCountInput): Promise<OpportunityCounts> {
  return apiPost<OpportunityCounts>('/api/opportunity/getAllCount', input);
}
