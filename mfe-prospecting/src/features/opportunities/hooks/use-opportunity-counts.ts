import { useApiQuery, useLiveChange, useSessionStore } from '@app/platform';
import { getAllCount } from '../api/get-all-count';
import type { OpportunityCounts } from '@app/domain';

export type OpportunityCountsState = {
  /** null until the first answer for the current organisation. */
  counts: OpportunityCounts | null;
  /** Asks again, after a card changed an opportunity's state. */
  refresh: () => void;
  /** The counts could not be had (the list is then loaded whole, as the spec does). */
  failed: boolean;
};

/** The tabs' counts for the current organisation. */
export function useOpportunityCounts(): OpportunityCountsState {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { data, error, refetch } = useApiQuery(getAllCount, organisationId ? { organisationId } : null, {
    key: 'opportunity/getAllCount',
  });
  // A colleague's change moves the tabs' figures too.
  useLiveChange(refetch, ['opportunities']);
  return { counts: data ?? null, refresh: refetch, failed: data === undefined && error !== undefined };
}
