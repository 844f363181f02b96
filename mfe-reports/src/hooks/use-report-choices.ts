import { prefetchApiQuery, useApiQuery, useSessionStore } from '@app/platform';
import { getReportChoices } from '../api/get-report-choices';

const CHOICES = { key: 'report/filters' } as const;

/** The files and salespeople every report page's filters offer, for the current organisation. */
export function useReportChoices() {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  return useApiQuery(getReportChoices, organisationId ? { organisationId } : null, CHOICES);
}

/** The same choices asked before the page renders; its filter bar takes this answer. */
export function prefetchReportChoices(organisationId: string): void {
  prefetchApiQuery(getReportChoices, { organisationId }, CHOICES);
}
