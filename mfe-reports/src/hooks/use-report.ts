import type { ReportFilters } from '@app/domain';
import { type ApiQuery, prefetchApiQuery, useApiQuery, useSessionStore } from '@app/platform';

export type ReportInput = ReportFilters & { organisationId: string };

/** One report's answer for the filters of the URL, in the organisation chosen in the shell. */
export function useReport<T>(
  key: string,
  call: (input: ReportInput) => Promise<T>,
  filters: ReportFilters,
): ApiQuery<T> {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  return useApiQuery(call, organisationId ? { ...filters, organisationId } : null, { key });
}

/**
 * The same report asked before its page renders (the page opened by its address): the page's
 * `useReport` with the same key, filters and organisation takes this answer instead of asking again.
 */
export function prefetchReport<T>(
  key: string,
  call: (input: ReportInput) => Promise<T>,
  filters: ReportFilters,
  organisationId: string,
): void {
  prefetchApiQuery(call, { ...filters, organisationId }, { key });
}
