import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { saveOpportunityIds, useSessionStore } from '@app/platform';
import type { FilterKind, OpportunityView } from '@app/domain';
import { NO_SELECTION, toggleOption, type FacetSelection } from '../utils/list-filter';
import type { FacetCounts, IndexedOpportunity } from '../utils/list-index';
import { advanceListView, isViewOf, listViewOf, type FacetOptions } from '../utils/list-view-state';
import {
  readSavedListView,
  savedListViewKey,
  saveListView,
  type SavedListView,
} from '../utils/saved-list-view';
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
  /** Where this list's choices are kept for the session (organisation and list), null when they are not. */
  savedKey: string | null;
};

export type ListViewOptions = {
  /** Keep the search, sort and filters for the session, per organisation and list (the list screens). */
  keepForSession?: boolean;
  /** A search asked from outside (the top bar's `?search=`): it replaces the saved one. */
  requestedSearch?: string | null;
};

/** The user's choices and the organisation and list they are kept under. */
type Choices = SavedListView & { key: string | null };

function choicesOf(key: string | null, initialSort: SortDirection, requestedSearch: string | null): Choices {
  const saved = (key && readSavedListView(key, initialSort)) || {
    search: '',
    sort: initialSort,
    selection: NO_SELECTION,
  };
  return { ...saved, search: requestedSearch ?? saved.search, key };
}

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
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const key = keepForSession ? savedListViewKey(organisationId ?? '', storageName) : null;
  const [stored, setChoices] = useState(() => choicesOf(key, initialSort, requestedSearch));
  // Another organisation has its own choices: read them during render, like the view below.
  let choices = stored;
  if (stored.key !== key) {
    choices = choicesOf(key, initialSort, null);
    setChoices(choices);
  }
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
    if (choices.key === null) return;
    saveListView(choices.key, { search: choices.search, sort: choices.sort, selection: choices.selection });
  }, [choices]);

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

  const setSearch = useCallback(
    (next: string) => setChoices((previous) => ({ ...previous, search: next })),
    [],
  );
  const setSort = useCallback(
    (next: SortDirection) => setChoices((previous) => ({ ...previous, sort: next })),
    [],
  );
  const toggle = useCallback(
    (kind: FilterKind, value: string) =>
      setChoices((previous) => ({ ...previous, selection: toggleOption(previous.selection, kind, value) })),
    [],
  );
  const clear = useCallback(() => setChoices((previous) => ({ ...previous, selection: NO_SELECTION })), []);

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
    savedKey: key,
  };
}
