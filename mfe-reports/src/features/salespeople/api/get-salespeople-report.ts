import type { SalespersonReportReply, ReportFilters } from '@app/domain';
import { apiPost } from '@app/platform';

export type SalespeopleReportInput = ReportFilters & { organisationId: string };

/** Per salesperson: held by state, closed in the period, overdue follow-ups, comments per day or week. */
export function getSalespeopleReport(input: SalespeopleReportInput): Promise<SalespersonReportReply> {
  return apiPost<SalespersonReportReply>('/api/report/salespeople', input);
}
