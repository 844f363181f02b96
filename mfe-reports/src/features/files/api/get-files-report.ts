import type { FileReportReply, ReportFilters } from '@app/domain';
import { apiPost } from '@app/platform';

export type FilesReportInput = ReportFilters & { organisationId: string };

/** Per prospect file: taken, reached, states, conversion, median delays. */
export function getFilesReport(input: FilesReportInput): Promise<FileReportReply> {
  return apiPost<FileReportReply>('/api/report/files', input);
}
