import { useCallback, useEffect, useState } from 'react';
import { ApiError, ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getProspectFile } from '../api/get-prospect-file';
import type { ProspectFileDetail } from '../types/prospect-file';

export type ProspectFileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; file: ProspectFileDetail };

type Loaded = { target: string; state: ProspectFileState };

/** One file and its figures; `refresh` fetches the figures again and keeps the current ones meanwhile. */
export function useProspectFile(excelId: string): ProspectFileState & { refresh: () => void } {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [refreshes, setRefreshes] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const target = `${organisationId}|${excelId}`;

  useEffect(() => {
    if (!organisationId) return undefined;
    let current = true;
    getProspectFile({ organisationId, excelId }).then(
      ({ excel }) => {
        if (current) setLoaded({ target, state: { status: 'ready', file: excel } });
      },
      (error: unknown) => {
        const missing = error instanceof ApiError && error.status === 404;
        // A failed refresh keeps the figures already shown.
        if (current)
          setLoaded((previous) =>
            previous?.target === target && previous.state.status === 'ready'
              ? previous
              : { target, state: { status: missing ? 'missing' : 'failed' } },
          );
        ignoreHandledFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId, excelId, target, refreshes]);

  const refresh = useCallback(() => setRefreshes((count) => count + 1), []);
  const state: ProspectFileState =
    loaded?.target === target ? loaded.state : { status: organisationId ? 'loading' : 'missing' };
  return { ...state, refresh };
}
