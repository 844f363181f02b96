import type { ListFilter, OpportunityPage } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetWithFilterInput = {
  organisationId: string;
  filter: { state: ListFilter };
  /** Positions [startId, endId) of the list. */
  startId: number;
  endId: number;
};

/** One page of a list, by position, with `itsFinish` on the last one. */
export function getWithFilter(input: GetWithFilterInput): Promise<OpportunityPage> {
  return apiPost<OpportunityPage>('/api/opportunity/getwithfilter', input);
}
