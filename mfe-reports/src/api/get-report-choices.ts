import type { ReportChoicesReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ReportChoicesInput = { organisationId: string };

/** The files and salespeople the filters may choose from (those the caller sees). */
export function getReportChoices(input: ReportChoicesInput): Promise<ReportChoicesReply> {
  return apiPost<ReportChoicesReply>('/api/report/filters', input);
}
