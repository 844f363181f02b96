// What an opportunity list starts when the page is opened on it (startFirstScreen in routes.tsx), apart
// from the screen itself: the remote's routes module carries this, and the list screen's code (its
// cards, the virtualizer, its styles) is a chunk of its own, asked for with the page on list addresses
// only (first-chunks.json) so that the other screens' first download does not carry it
// (docs/decisions/lighthouse.md).
import { parseListFilter } from '@app/domain';
import { prefetchApiQuery, type FirstScreenAddress } from '@app/platform';
import { getAllCount } from '../api/get-all-count';
import { startFirstWindow } from '../hooks/use-server-list';

/** `?vue=colonnes` on the todo and waiting lists shows the two columns (docs/decisions/opportunity-list.md). */
export const COLUMNS_VIEW = 'colonnes';
/** The top bar's search box opens `…/list/all?search=<terme>` (docs/decisions/navigation.md). */
export const SEARCH_PARAM = 'search';
/**
 * From this many opportunities in the tab, the server searches, filters, counts and sorts the list
 * and the browser asks for the cards in view; below, the list is loaded whole at the spec's cadence
 * (docs/decisions/opportunity-list.md, "Server-side list").
 */
export const SERVER_LIST_FROM = 2000;

/**
 * The page was opened on a list (startFirstScreen): the tabs' counts and a large list's first window
 * are asked alongside the session check, not once the screen is drawn after it and the counts after
 * that (docs/decisions/opportunity-list.md, "First cards").
 */
export function startOpportunityListScreen({ params, search, organisationId }: FirstScreenAddress): void {
  const filter = parseListFilter(params.filter);
  if (!filter) return;
  prefetchApiQuery(getAllCount, { organisationId }, { key: 'opportunity/getAllCount' });
  if (search.get('vue') === COLUMNS_VIEW && (filter === 'todo' || filter === 'waiting')) return;
  startFirstWindow(filter, organisationId, search.get(SEARCH_PARAM));
}
