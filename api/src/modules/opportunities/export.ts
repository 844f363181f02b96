// /api/opportunity/export/filter: the filtered list as CSV, built by chunks of 2,000 opportunities
// (read with projections, two queries a chunk) with a yield to the event loop between them, so a
// 100,000-line export never stalls other calls. The filters are the browser list's own (domain),
// applied to the prospects before any view is built, so the file is exactly the list on screen.
import {
  calendarDay,
  createFilterPredicate,
  csvLine,
  type ExportFilterData,
  type FilterableProspect,
  formatDateInZone,
  OPPORTUNITY_CSV_COLUMNS,
  opportunityCsvHeader,
  type OpportunityView,
} from '@app/domain';
import type { Actor } from '../messages/module';
import type { OpportunitiesService } from './service';

const CHUNK = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CREATION_DATE_HEADER = 'Date de création';

/**
 * The domain's CSV line, with the creation date formatted once per calendar day instead of once per
 * line (Intl is most of a line's cost). To drop when formatDateInZone is memoised in the domain.
 */
function csvLineBuilder(timeZone: string): (view: OpportunityView) => string {
  const dayTexts = new Map<number, string>();
  const creationDate = (ms: number) => {
    const day = calendarDay(ms, timeZone);
    let text = dayTexts.get(day);
    if (text === undefined) {
      text = formatDateInZone(day * DAY_MS, 'UTC');
      dayTexts.set(day, text);
    }
    return text;
  };
  const values = OPPORTUNITY_CSV_COLUMNS.map((column) =>
    column.header === CREATION_DATE_HEADER
      ? (view: OpportunityView) => creationDate(view.creationDate)
      : (view: OpportunityView) => column.value(view, timeZone),
  );
  return (view) => csvLine(values.map((value) => value(view)));
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function exportCsv(
  opportunities: OpportunitiesService,
  actor: Actor,
  input: ExportFilterData,
  timeZone: string,
): Promise<{ csvString: string }> {
  const { state, ...filters } = input.filter;
  const matches = createFilterPredicate(filters, (prospect: FilterableProspect) => prospect);
  const lineOf = csvLineBuilder(timeZone);
  const keys = await opportunities.sortedKeys(actor, state);
  const parts: string[] = [opportunityCsvHeader()];
  let position = 0;
  for (let start = 0; start < keys.length && position < input.endId; start += CHUNK) {
    const ids = keys.slice(start, start + CHUNK).map((key) => key._id);
    for (const view of await opportunities.views(actor.organisationId, ids, matches)) {
      if (position >= input.startId && position < input.endId) parts.push(lineOf(view));
      position += 1;
    }
    await yieldToEventLoop();
  }
  // No line but the header: the client says 'Le fichier est vide'.
  return { csvString: parts.length === 1 ? '' : parts.join('') };
}
