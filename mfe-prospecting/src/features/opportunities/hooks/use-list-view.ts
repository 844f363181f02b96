import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { saveOpportunityIds } from '@app/platform';
import type { FilterKind, OpportunityView } from '@app/domain';
import { NO_SELECTION, toggleOption, type FacetSelection } from '../utils/list-filter';
import type { FacetCounts, IndexedOpportunity } from '../utils/list-index';
import { advanceListView, isViewOf, listViewOf, type FacetOptions } from '../utils/list-view-state';
import type { SortDirection } from '../utils/sort-items';

/** The ids are written to local storage once the list has settled, not on every keystroke. */
const SAVE_IDS_DELAY_MS = 250;

export type ListView = {
  search: string;
  setSearch: (search: string) => void;
  sort: SortDirection;
  setSort: (sort: SortDirection) => void;
  selection: FacetSelection;
  toggle: (kind: FilterKind, value: string) => void;
  clear: () => void;
  /** The opportunities shown, searched, filtered and sorted. */
  shown: readonly OpportunityView[];
  counts: FacetCounts;
  /** Every value each filter kind takes in the loaded list, in display order. */
  options: FacetOptions;
};

/**
 * Search, filters and sort over a loaded list (`items`: a new array only when the list changed, as
 * useOpportunityList gives it). The view is carried from one render to the next
 * (list-view-state.ts): a new page or a changed card is merged in, only a new sort, search or
 * selection goes over the whole list again. The ids shown are kept in local storage under
 * `storageName` for the detail page's arrows.
 */
export function useListView(
  items: readonly IndexedOpportunity[],
  initialSort: SortDirection,
  storageName: string,
): ListView {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortDirection>(initialSort);
  const [selection, setSelection] = useState<FacetSelection>(NO_SELECTION);
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

  const toggle = useCallback(
    (kind: FilterKind, value: string) => setSelection((previous) => toggleOption(previous, kind, value)),
    [],
  );
  const clear = useCallback(() => setSelection(NO_SELECTION), []);

  return {
    search,
    setSearch,
    sort,
    setSort,
    selection,
    toggle,
    clear,
    shown,
    counts: view.counts,
    options: view.options,
  };
}
