import type { GeographyReportReply, ReportFilters } from '@app/domain';
import { apiPost } from '@app/platform';

export type GeographyReportInput = ReportFilters & { organisationId: string };

/** By département, région and activity: taken, won, lost. */
export function getGeographyReport(input: GeographyReportInput): Promise<GeographyReportReply> {
  return apiPost<GeographyReportReply>('/api/report/geography', input);
}
