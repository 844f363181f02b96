import { apiPost } from '@app/platform';
import type { ExportFilter } from '../../../utils/list-filter';

export type ExportFilterInput = {
  organisationId: string;
  filter: ExportFilter;
  startId: 0;
  endId: number;
};

/** The filtered list as CSV text (`;`, French headers); empty text when nothing matches. */
export function exportFilter(input: ExportFilterInput): Promise<{ csvString?: string }> {
  // Silent: the export shows its own result toast (SPEC §8).
  return apiPost<{ csvString?: string }>('/api/opportunity/export/filter', input, { silent: true });
}
