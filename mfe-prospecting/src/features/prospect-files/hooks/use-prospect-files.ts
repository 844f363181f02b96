import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { ProspectFileRow } from '@app/domain';
import { useApiQuery, useLiveChange, useSessionStore } from '@app/platform';
import { getProspectFiles } from '../api/get-prospect-files';

export type ProspectFiles = {
  files: ProspectFileRow[];
  /** True until the first answer for this organisation; a reload keeps showing the previous list. */
  loading: boolean;
  reload: () => void;
};

const NO_FILES: ProspectFileRow[] = [];

/**
 * The organisation's files. Reloads when the organisation changes and on every navigation to the
 * list (`location.key`), so the import modal's redirect refreshes it even when it is already shown.
 */
export function useProspectFiles(): ProspectFiles {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { key } = useLocation();
  const { data, error, loading, refetch } = useApiQuery(
    getProspectFiles,
    organisationId ? { organisationId } : null,
    { key: 'prospect/get/all' },
  );
  // A colleague imported, deleted or worked a file: the list is read again, shown meanwhile.
  useLiveChange(refetch, ['prospects']);
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    refetch();
  }, [key, refetch]);
  // A failed load shows an empty list (its toast says why).
  return { files: error === undefined ? (data?.value ?? NO_FILES) : NO_FILES, loading, reload: refetch };
}
