import { useEffect, useState } from 'react';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getStatuses } from '../api/get-statuses';
import type { StatusView } from '../types/opportunity-view';

// Every card of a list asks for the same five statuses: one request per organisation per page load.
const cache = new Map<string, Promise<StatusView[]>>();

function loadStatuses(organisationId: string): Promise<StatusView[]> {
  let pending = cache.get(organisationId);
  if (!pending) {
    pending = getStatuses({ organisationId }).then(({ status }) => status);
    // A failure is forgotten so the next screen tries again.
    pending.catch(() => cache.delete(organisationId));
    cache.set(organisationId, pending);
  }
  return pending;
}

/** Tests start from an empty cache. */
export function forgetStatuses(): void {
  cache.clear();
}

/** The comment statuses of the current organisation, [] until they arrive. */
export function useStatuses(): StatusView[] {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [loaded, setLoaded] = useState<{ organisationId: string; statuses: StatusView[] } | null>(null);
  useEffect(() => {
    if (!organisationId) return undefined;
    let live = true;
    loadStatuses(organisationId).then((statuses) => {
      if (live) setLoaded({ organisationId, statuses });
    }, ignoreHandledFailure);
    return () => {
      live = false;
    };
  }, [organisationId]);
  return loaded && loaded.organisationId === organisationId ? loaded.statuses : [];
}
