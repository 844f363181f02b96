import type { TimelineReportReply, ReportFilters } from '@app/domain';
import { apiPost } from '@app/platform';

export type TimelineReportInput = ReportFilters & { organisationId: string };

/** WIN and LOOSE per bucket of the period, and the follow-ups due in each coming week. */
export function getTimelineReport(input: TimelineReportInput): Promise<TimelineReportReply> {
  return apiPost<TimelineReportReply>('/api/report/timeline', input);
}
