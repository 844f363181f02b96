import { FILTER_KINDS } from '@app/domain';
import { NO_SELECTION, type FacetSelection } from './list-filter';
import type { SortDirection } from './sort-items';

/** What the user chose on a list, kept for the browser tab's session (docs/decisions/opportunity-list.md). */
export type SavedListView = { search: string; sort: SortDirection; selection: FacetSelection };

const PREFIX = 'opportunityListView';

/** One entry per organisation and list, so another organisation or tab starts fresh. */
export function savedListViewKey(organisationId: string, listName: string): string {
  return `${PREFIX}:${organisationId}:${listName}`;
}

function strings(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The saved choice, or null when there is none or it cannot be read (a hand-edited value). */
export function readSavedListView(key: string, defaultSort: SortDirection): SavedListView | null {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    // An unreadable entry is a missing one: the list starts with its defaults.
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { search, sort, selection } = raw as Record<string, unknown>;
  const ticked =
    typeof selection === 'object' && selection !== null ? (selection as Record<string, unknown>) : {};
  const restored = { ...NO_SELECTION };
  for (const kind of FILTER_KINDS) restored[kind] = strings(ticked[kind]);
  return {
    search: typeof search === 'string' ? search : '',
    sort: sort === 'asc' || sort === 'desc' ? sort : defaultSort,
    selection: restored,
  };
}

export function saveListView(key: string, view: SavedListView): void {
  sessionStorage.setItem(key, JSON.stringify(view));
}

/** The first card the user was looking at, so coming back shows it at the top. */
export function readSavedFirstCard(key: string): string | null {
  return sessionStorage.getItem(`${key}:carte`);
}

export function saveFirstCard(key: string, id: string): void {
  sessionStorage.setItem(`${key}:carte`, id);
}
