import { useApiQuery, useSessionStore } from '@app/platform';
import { getStatuses } from '../api/get-statuses';
import type { StatusView } from '../types/opportunity-view';

const NO_STATUSES: StatusView[] = [];

/**
 * The comment statuses of the current organisation, [] until they arrive. Every card of a list asks
 * for the same five statuses: kept, one request per organisation per page load (a failure is asked again).
 */
export function useStatuses(): StatusView[] {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { data } = useApiQuery(getStatuses, organisationId ? { organisationId } : null, {
    key: 'opportunity/status',
    offline: true,
    keep: true,
  });
  return data?.status ?? NO_STATUSES;
}
