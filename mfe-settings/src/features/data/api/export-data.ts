import { apiPost } from '@app/platform';

export type ExportDataInput = { organisationId: string };
export type ExportedFile = { name: string; csvString: string };

/** Every data set of the organisation as CSV files (prospects, opportunities, messages, members). */
export function exportData(input: ExportDataInput): Promise<{ files: ExportedFile[] }> {
  return apiPost<{ files: ExportedFile[] }>('/api/organisation/exportData', input);
}
