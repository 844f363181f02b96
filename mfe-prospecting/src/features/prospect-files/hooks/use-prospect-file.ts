import { ApiError, useApiQuery, useLiveChange, useSessionStore } from '@app/platform';
import { getProspectFile } from '../api/get-prospect-file';
import type { ProspectFileDetail } from '../types/prospect-file';

export type ProspectFileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; file: ProspectFileDetail };

/** One file and its figures; `refresh` fetches the figures again and keeps the current ones meanwhile. */
export function useProspectFile(excelId: string): ProspectFileState & { refresh: () => void } {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { data, error, loading, refetch } = useApiQuery(
    getProspectFile,
    organisationId ? { organisationId, excelId } : null,
    { key: 'prospect/get/excel/one' },
  );
  // A colleague worked the file (opportunities taken, prospects edited): its figures are read again.
  useLiveChange(refetch, ['prospects']);
  // A failed refresh keeps the figures already shown.
  const state: ProspectFileState = data
    ? { status: 'ready', file: data.excel }
    : loading
      ? { status: 'loading' }
      : error === undefined
        ? { status: 'missing' }
        : { status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' };
  return { ...state, refresh: refetch };
}
