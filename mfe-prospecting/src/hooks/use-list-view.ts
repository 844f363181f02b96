import { useDeferredValue, useEffect, useState } from 'react';
import { saveOpportunityIds } from '@app/platform';
import type { OpportunityView } from '@app/domain';
import type { FacetCounts, IndexedOpportunity } from '../utils/list-index';
import { advanceListView, isViewOf, listViewOf, type FacetOptions } from '../utils/list-view-state';
import type { SortDirection } from '../utils/sort-items';
import { useListChoices, type ListChoices } from './use-list-choices';

/** The ids are written to local storage once the list has settled, not on every keystroke. */
const SAVE_IDS_DELAY_MS = 250;

export type ListView = ListChoices & {
  /** The opportunities shown, searched, filtered and sorted. */
  shown: readonly OpportunityView[];
  counts: FacetCounts;
  /** Every value each filter kind takes in the loaded list, in display order. */
  options: FacetOptions;
};

export type ListViewOptions = {
  /** Keep the search, sort and filters for the session, per organisation and list (the list screens). */
  keepForSession?: boolean;
  /** A search asked from outside (the top bar's `?search=`): it replaces the saved one. */
  requestedSearch?: string | null;
};

/**
 * Search, filters and sort over a loaded list (`items`: a new array only when the list changed, as
 * useOpportunityList gives it). The view is carried from one render to the next
 * (list-view-state.ts): a new page or a changed card is merged in, only a new sort, search or
 * selection goes over the whole list again. The ids shown are kept in local storage under
 * `storageName` for the detail page's arrows; with `keepForSession` the search, sort and filters are
 * kept in session storage per organisation and list, so coming back from a detail page finds them.
 */
export function useListView(
  items: readonly IndexedOpportunity[],
  initialSort: SortDirection,
  storageName: string,
  { keepForSession = false, requestedSearch = null }: ListViewOptions = {},
): ListView {
  const { stored: choices, ...controls } = useListChoices(
    initialSort,
    storageName,
    keepForSession,
    requestedSearch,
  );
  const { search, sort, selection } = choices;
  // Typing stays responsive even while 20,000 cards are being filtered.
  const deferredSearch = useDeferredValue(search);

  // The view of the previous render, brought up to date during this one (React's "storing
  // information from previous renders"): nothing is mutated, so a render React drops costs nothing.
  const [computed, setComputed] = useState(() => listViewOf(items, sort, deferredSearch, selection));
  let view = computed;
  if (!isViewOf(computed, items, sort, deferredSearch, selection)) {
    view = advanceListView(computed, items, sort, deferredSearch, selection);
    setComputed(view);
  }
  const { shown } = view;

  useEffect(() => {
    const timer = window.setTimeout(
      () =>
        saveOpportunityIds(
          storageName,
          shown.map((opportunity) => opportunity._id),
        ),
      SAVE_IDS_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [storageName, shown]);

  return { ...controls, shown, counts: view.counts, options: view.options };
}
