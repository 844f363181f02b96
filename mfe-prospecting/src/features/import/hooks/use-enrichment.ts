import { useEffect, useState } from 'react';
import type { EnrichmentReport } from '@app/domain';
import { getEnrichment } from '../api/get-enrichment';

/** How often the summary asks again while the enrichment runs. */
export const ENRICHMENT_POLL_MS = 1000;

export type EnrichmentState =
  { phase: 'loading' } | { phase: 'known'; report: EnrichmentReport } | { phase: 'unavailable' };

/** Follows the file's registry enrichment until it ends (done, failed or skipped). */
export function useEnrichment(organisationId: string, excelId: string): EnrichmentState {
  const [state, setState] = useState<EnrichmentState>({ phase: 'loading' });
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const report = await getEnrichment({ organisationId, excelId });
        if (!active) return;
        setState({ phase: 'known', report });
        if (report.status === 'running') timer = setTimeout(() => void poll(), ENRICHMENT_POLL_MS);
      } catch {
        if (active) setState({ phase: 'unavailable' });
      }
    };
    void poll();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [organisationId, excelId]);
  return state;
}
