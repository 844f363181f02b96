// /api/opportunity/export/filter: the filtered list as CSV, built by chunks of 2,000 opportunities
// (read with projections, two queries a chunk) with a yield to the event loop between them, so a
// 100,000-line export never stalls other calls. The filters are the browser list's own (domain),
// applied to the prospects before any view is built, so the file is exactly the list on screen.
import {
  createFilterPredicate,
  type ExportFilterData,
  type FilterableProspect,
  opportunityCsvHeader,
  opportunityCsvLine,
} from '@app/domain';
import type { Actor } from '../messages/module';
import type { OpportunitiesService } from './service';

const CHUNK = 2000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function exportCsv(
  opportunities: OpportunitiesService,
  actor: Actor,
  input: ExportFilterData,
  timeZone: string,
): Promise<{ csvString: string }> {
  const { state, ...filters } = input.filter;
  const matches = createFilterPredicate(filters, (prospect: FilterableProspect) => prospect);
  const keys = await opportunities.sortedKeys(actor, state);
  const parts: string[] = [opportunityCsvHeader()];
  let position = 0;
  for (let start = 0; start < keys.length && position < input.endId; start += CHUNK) {
    const ids = keys.slice(start, start + CHUNK).map((key) => key._id);
    for (const view of await opportunities.views(actor.organisationId, ids, matches)) {
      if (position >= input.startId && position < input.endId) parts.push(opportunityCsvLine(view, timeZone));
      position += 1;
    }
    await yieldToEventLoop();
  }
  // No line but the header: the client says 'Le fichier est vide'.
  return { csvString: parts.length === 1 ? '' : parts.join('') };
}
