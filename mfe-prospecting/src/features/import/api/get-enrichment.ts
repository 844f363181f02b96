import type { EnrichmentReport } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetEnrichmentInput = { organisationId: string; excelId: string };

/** Where the imported file's registry enrichment stands (it runs on the server after the import). */
export function getEnrichment(input: GetEnrichmentInput): Promise<EnrichmentReport> {
  return apiPost<EnrichmentReport>('/api/prospect/import/enrichment', input, { silent: true });
}
