import type { DataExportFile, DataExportReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ExportDataInput = { organisationId: string };
export type ExportedFile = DataExportFile;

/** Every data set of the organisation as CSV files (prospects, opportunities, messages, members). */
export function exportData(input: ExportDataInput): Promise<DataExportReply> {
  return apiPost<DataExportReply>('/api/organisation/exportData', input);
}
