// /api/opportunity/export/filter: the filtered list as CSV, built by chunks of 2,000 opportunities
// (read with projections, two queries a chunk) with a yield to the event loop between them, so a
// 100,000-line export never stalls other calls. The filters are the browser list's own (domain),
// applied to the prospects before any line is written, so the file is exactly the list on screen.
// The lines are written from the stored documents (export-lines.ts), the same text as domain's
// opportunityCsvLine of each view without building the views.
import {
  createFilterPredicate,
  type ExportFilterData,
  type FilterableProspect,
  opportunityCsvHeader,
} from '@app/domain';
import type { Actor } from '../messages/module';
import { exportLineWriter } from './export-lines';
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
  const lineOf = exportLineWriter(timeZone);
  const keys = await opportunities.sortedKeys(actor, state);
  // One string grown by appends (V8 keeps it as a rope, flattened once when sent).
  let csv = opportunityCsvHeader();
  let lines = 0;
  let position = 0;
  for (let start = 0; start < keys.length && position < input.endId; start += CHUNK) {
    const ids = keys.slice(start, start + CHUNK).map((key) => key._id);
    const { docs, context } = await opportunities.documents(actor.organisationId, ids, matches);
    for (const doc of docs) {
      if (position >= input.startId && position < input.endId) {
        csv += lineOf(doc, context);
        lines += 1;
      }
      position += 1;
    }
    await yieldToEventLoop();
  }
  // No line but the header: the client says 'Le fichier est vide'.
  return { csvString: lines === 0 ? '' : csv };
}
