import { useCallback, useEffect, useState } from 'react';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getAllCount } from '../api/get-all-count';
import type { OpportunityCounts } from '@app/domain';

export type OpportunityCountsState = {
  /** null until the first answer for the current organisation. */
  counts: OpportunityCounts | null;
  /** Asks again, after a card changed an opportunity's state. */
  refresh: () => void;
};

/** The tabs' counts for the current organisation. */
export function useOpportunityCounts(): OpportunityCountsState {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [answer, setAnswer] = useState<{ organisationId: string; counts: OpportunityCounts } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!organisationId) return undefined;
    let cancelled = false;
    getAllCount({ organisationId }).then(
      (counts) => {
        if (!cancelled) setAnswer({ organisationId, counts });
      },
      (error: unknown) => ignoreHandledFailure(error),
    );
    return () => {
      cancelled = true;
    };
  }, [organisationId, version]);

  const refresh = useCallback(() => setVersion((value) => value + 1), []);
  return { counts: answer?.organisationId === organisationId ? answer.counts : null, refresh };
}
