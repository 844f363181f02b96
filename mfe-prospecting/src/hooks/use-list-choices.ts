import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '@app/platform';
import type { FilterKind } from '@app/domain';
import { NO_SELECTION, toggleOption, type FacetSelection } from '../utils/list-filter';
import {
  readSavedListView,
  savedListViewKey,
  saveListView,
  type SavedListView,
} from '../utils/saved-list-view';
import type { SortDirection } from '../utils/sort-items';

export type ListChoices = {
  search: string;
  setSearch: (search: string) => void;
  sort: SortDirection;
  setSort: (sort: SortDirection) => void;
  selection: FacetSelection;
  toggle: (kind: FilterKind, value: string) => void;
  clear: () => void;
  /** Where this list's choices are kept for the session (organisation and list), null when they are not. */
  savedKey: string | null;
};

/** The user's choices and the organisation and list they are kept under. */
export type StoredChoices = SavedListView & { key: string | null };

/** The choices a list opens with: kept for the session under `key`, or the defaults; the address's search first. */
export function choicesOf(
  key: string | null,
  initialSort: SortDirection,
  requestedSearch: string | null,
): StoredChoices {
  const saved = (key && readSavedListView(key, initialSort)) || {
    search: '',
    sort: initialSort,
    selection: NO_SELECTION,
  };
  return { ...saved, search: requestedSearch ?? saved.search, key };
}

/**
 * A list's search, sort and ticked options, read from the session when `keepForSession` (per
 * organisation and list: another organisation has its own, read during render). Shared by the
 * browser-side list (use-list-view.ts) and the server-side one (use-server-list.ts).
 */
export function useListChoices(
  initialSort: SortDirection,
  storageName: string,
  keepForSession: boolean,
  requestedSearch: string | null,
): ListChoices & { stored: StoredChoices } {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const key = keepForSession ? savedListViewKey(organisationId ?? '', storageName) : null;
  const [stored, setChoices] = useState(() => choicesOf(key, initialSort, requestedSearch));
  let choices = stored;
  if (stored.key !== key) {
    choices = choicesOf(key, initialSort, null);
    setChoices(choices);
  }
  useEffect(() => {
    if (choices.key === null) return;
    saveListView(choices.key, { search: choices.search, sort: choices.sort, selection: choices.selection });
  }, [choices]);
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
    search: choices.search,
    setSearch,
    sort: choices.sort,
    setSort,
    selection: choices.selection,
    toggle,
    clear,
    savedKey: key,
    stored: choices,
  };
}
