import { useCallback, useState } from 'react';
import type { OpportunityState } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { createOpportunity } from '../api/create-opportunity';
import type { ProspectRow } from '../types/prospect-file';

export type AddOpportunity = {
  /** The prospect's opportunity state, counting the ones added on this screen; null when not taken. */
  stateOf: (prospect: ProspectRow) => OpportunityState | null;
  isAdding: (prospect: ProspectRow) => boolean;
  add: (prospect: ProspectRow) => void;
};

/**
 * Turns prospects into opportunities from the file table. The rows come from cached pages, so the
 * prospects taken here are remembered beside them rather than fetched again.
 */
export function useAddOpportunity(onAdded: () => void): AddOpportunity {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [added, setAdded] = useState<ReadonlyMap<string, OpportunityState>>(new Map());
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());

  const add = useCallback(
    (prospect: ProspectRow) => {
      if (!organisationId) return;
      const prospectId = prospect._id;
      setAdding((previous) => new Set(previous).add(prospectId));
      const settle = (state: OpportunityState | null) => {
        setAdding((previous) => {
          const next = new Set(previous);
          next.delete(prospectId);
          return next;
        });
        if (state) setAdded((previous) => new Map(previous).set(prospectId, state));
      };
      createOpportunity({ organisationId, prospectId }).then(
        ({ state }) => {
          settle(state);
          onAdded();
        },
        (error: unknown) => {
          settle(null);
          ignoreHandledFailure(error);
        },
      );
    },
    [organisationId, onAdded],
  );

  const stateOf = useCallback(
    (prospect: ProspectRow) =>
      added.get(prospect._id) ?? (prospect.isAccepted ? (prospect.state ?? 'TODO') : null),
    [added],
  );
  const isAdding = useCallback((prospect: ProspectRow) => adding.has(prospect._id), [adding]);
  return { stateOf, isAdding, add };
}
