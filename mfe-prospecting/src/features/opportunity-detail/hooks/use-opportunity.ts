import { useCallback, useEffect, useState } from 'react';
import type { OpportunityView } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
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
  const [loaded, setLoaded] = useState<{ key: string; opportunity: OpportunityView | null; failed: boolean }>(
    {
      key: '',
      opportunity: null,
      failed: false,
    },
  );
  const [version, setVersion] = useState(0);
  const key = `${organisationId}:${opportunityId}`;

  useEffect(() => {
    if (!organisationId) return undefined;
    let live = true;
    getOpportunity({ organisationId, opportunityId }).then(
      ({ opportunity }) => {
        if (live) setLoaded({ key, opportunity, failed: false });
      },
      (error: unknown) => {
        if (live) setLoaded({ key, opportunity: null, failed: true });
        ignoreHandledFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [organisationId, opportunityId, key, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const replace = useCallback(
    (opportunity: OpportunityView) => setLoaded({ key, opportunity, failed: false }),
    [key],
  );
  const current = loaded.key === key ? loaded : { opportunity: null, failed: false };
  return { opportunity: current.opportunity, failed: current.failed, reload, replace };
}
