import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ProspectFileRow } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getProspectFiles } from '../api/get-prospect-files';

type Loaded = { request: string; files: ProspectFileRow[] };

export type ProspectFiles = {
  files: ProspectFileRow[];
  /** True until the first answer for this organisation; a reload keeps showing the previous list. */
  loading: boolean;
  reload: () => void;
};

/**
 * The organisation's files. Reloads when the organisation changes and on every navigation to the
 * list (`location.key`), so the import modal's redirect refreshes it even when it is already shown.
 */
export function useProspectFiles(): ProspectFiles {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { key } = useLocation();
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const request = `${organisationId}|${key}|${reloads}`;

  useEffect(() => {
    if (!organisationId) return undefined;
    let current = true;
    getProspectFiles({ organisationId }).then(
      ({ value }) => {
        if (current) setLoaded({ request, files: value });
      },
      (error: unknown) => {
        if (current) setLoaded({ request, files: [] });
        ignoreHandledFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId, request]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const sameOrganisation = loaded?.request.startsWith(`${organisationId}|`) ?? false;
  return {
    files: sameOrganisation && loaded ? loaded.files : [],
    loading: Boolean(organisationId) && !sameOrganisation,
    reload,
  };
}
