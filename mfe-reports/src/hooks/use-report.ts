import type { ReportFilters } from '@app/domain';
import { type ApiQuery, useApiQuery, useSessionStore } from '@app/platform';

/** One report's answer for the filters of the URL, in the organisation chosen in the shell. */
export function useReport<T>(
  key: string,
  call: (input: ReportFilters & { organisationId: string }) => Promise<T>,
  filters: ReportFilters,
): ApiQuery<T> {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  return useApiQuery(call, organisationId ? { ...filters, organisationId } : null, { key });
}
