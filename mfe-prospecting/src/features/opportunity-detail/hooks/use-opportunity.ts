import { useCallback } from 'react';
import type { OpportunityView } from '@app/domain';
import { useApiQuery, useLiveChange, useSessionStore } from '@app/platform';
import { getOpportunity } from '../api/get-opportunity';

export type LoadedOpportunity = {
  /** null while loading (the screen shows its loading screen). */
  opportunity: OpportunityView | null;
  failed: boolean;
  reload: () => void;
  replace: (opportunity: OpportunityView) => void;
};

/** The opportunity of the detail page, loaded again when the id or the organisation changes. */
export function useOpportunity(opportunityId: string): LoadedOpportunity {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { data, error, refetch, setData } = useApiQuery(
    getOpportunity,
    organisationId ? { organisationId, opportunityId } : null,
    { key: 'opportunity/get' },
  );
  // A colleague changed this opportunity (or the store cannot say which): it is read again, shown meanwhile.
  useLiveChange(
    ({ opportunityIds }) => {
      if (opportunityIds === null || opportunityIds.includes(opportunityId)) refetch();
    },
    ['opportunities'],
  );
  const replace = useCallback((opportunity: OpportunityView) => setData({ opportunity }), [setData]);
  const failed = error !== undefined;
  return { opportunity: failed ? null : (data?.opportunity ?? null), failed, reload: refetch, replace };
}
