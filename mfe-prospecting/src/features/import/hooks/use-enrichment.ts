import { useEffect } from 'react';
import type { EnrichmentReport } from '@app/domain';
import { useApiQuery } from '@app/platform';
import { getEnrichment } from '../api/get-enrichment';

/** How often the summary asks again while the enrichment runs. */
export const ENRICHMENT_POLL_MS = 1000;

export type EnrichmentState =
  { phase: 'loading' } | { phase: 'known'; report: EnrichmentReport } | { phase: 'unavailable' };

/** Follows the file's registry enrichment until it ends (done, failed or skipped). */
export function useEnrichment(organisationId: string, excelId: string): EnrichmentState {
  const { data, error, refetch } = useApiQuery(
    getEnrichment,
    { organisationId, excelId },
    { key: 'prospect/import/enrichment' },
  );
  useEffect(() => {
    if (data?.status !== 'running') return undefined;
    const timer = setTimeout(refetch, ENRICHMENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [data, refetch]);
  if (error !== undefined) return { phase: 'unavailable' };
  return data ? { phase: 'known', report: data } : { phase: 'loading' };
}
