import type { OpportunityExportReply } from '@app/domain';
import { apiPost } from '@app/platform';
import type { ExportFilter } from '../../../utils/list-filter';

export type ExportFilterInput = {
  organisationId: string;
  filter: ExportFilter;
  startId: 0;
  endId: number;
};

/** The filtered list as CSV text (`;`, French headers); empty text when nothing matches. */
export function exportFilter(input: ExportFilterInput): Promise<OpportunityExportReply> {
  // Silent: the export shows its own result toast (SPEC §8).
  return apiPost<OpportunityExportReply>('/api/opportunity/export/filter', input, { silent: true });
}
