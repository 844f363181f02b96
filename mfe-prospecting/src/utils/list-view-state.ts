import { compareFacetOptions, FILTER_KINDS, type FilterKind, type OpportunityView } from '@app/domain';
import type { FacetSelection } from './list-filter';
import {
  countItem,
  criteriaOf,
  filterAndCountBy,
  SHOWN,
  verdictOf,
  type Criteria,
  type FacetCounts,
  type IndexedOpportunity,
} from './list-index';
import { compareByTimeFilter, mergeSorted, sortedBy, type SortDirection } from './sort-items';

export type FacetOptions = Record<FilterKind, readonly string[]>;

/**
 * A loaded list as the user sees it, with what it was computed from, so that the next page or card
 * change is worked in instead of starting again (docs/decisions/opportunity-list.md).
 */
export type ListViewState = {
  items: readonly IndexedOpportunity[];
  sort: SortDirection;
  search: string;
  selection: FacetSelection;
  criteria: Criteria;
  /** Every item, in the order shown. */
  sorted: readonly IndexedOpportunity[];
  /** The items the search and filters let through, in the order shown. */
  matched: readonly IndexedOpportunity[];
  shown: readonly OpportunityView[];
  counts: FacetCounts;
  /** The values each filter kind takes in the loaded list. */
  values: Record<FilterKind, ReadonlySet<string>>;
  /** Every value each filter kind takes in the loaded list, in display order. */
  options: FacetOptions;
};

/** Options in French order, 'Aucun' (no value) last (domain's, the API's server-side list's too). */
export const compareOptions = compareFacetOptions;

const perKind = <T>(make: () => T) =>
  Object.fromEntries(FILTER_KINDS.map((kind) => [kind, make()])) as Record<FilterKind, T>;

function emptyView(sort: SortDirection, search: string, selection: FacetSelection): ListViewState {
  return {
    items: [],
    sort,
    search,
    selection,
    criteria: criteriaOf(search, selection),
    sorted: [],
    matched: [],
    shown: [],
    counts: perKind(() => new Map<string, number>()),
    values: perKind((): ReadonlySet<string> => new Set<string>()),
    options: perKind((): readonly string[] => []),
  };
}

/** The view of `items` computed from nothing. */
export function listViewOf(
  items: readonly IndexedOpportunity[],
  sort: SortDirection,
  search: string,
  selection: FacetSelection,
): ListViewState {
  return advanceListView(emptyView(sort, search, selection), items, sort, search, selection);
}

/** Whether `view` is already the view of these. */
export function isViewOf(
  view: ListViewState,
  items: readonly IndexedOpportunity[],
  sort: SortDirection,
  search: string,
  selection: FacetSelection,
): boolean {
  return view.items === items && view.sort === sort && view.search === search && view.selection === selection;
}

/**
 * The view after a change of the items, the sort, the search or the selection. `previous` is not
 * modified. New and changed items cost O(k log k) for themselves and one O(n) merge; only a new sort
 * sorts everything again, and only a new search or selection filters everything again.
 */
export function advanceListView(
  previous: ListViewState,
  items: readonly IndexedOpportunity[],
  sort: SortDirection,
  search: string,
  selection: FacetSelection,
): ListViewState {
  if (isViewOf(previous, items, sort, search, selection)) return previous;
  const { added, removed } = changesBetween(previous.items, items);
  const compare = compareByTimeFilter(sort);
  const gone = removed.length > 0 ? new Set(removed) : null;

  const sorted =
    sort === previous.sort
      ? mergeSorted(without(previous.sorted, gone), sortedBy(added, compare), compare)
      : [...items].sort(compare);

  let { criteria, matched, counts, shown } = previous;
  if (sort !== previous.sort || search !== previous.search || selection !== previous.selection) {
    criteria = criteriaOf(search, selection);
    ({ matched, counts } = filterAndCountBy(sorted, criteria));
  } else if (added.length > 0 || gone) {
    counts = copyOf(counts);
    for (const item of removed) countItem(counts, item, verdictOf(item, criteria), -1);
    const entering: IndexedOpportunity[] = [];
    for (const item of added) {
      const verdict = verdictOf(item, criteria);
      countItem(counts, item, verdict, 1);
      if (verdict === SHOWN) entering.push(item);
    }
    matched = mergeSorted(without(matched, gone), sortedBy(entering, compare), compare);
  }
  if (matched !== previous.matched) shown = matched.map((item) => item.opportunity);

  const { values, options } = withOptions(previous, items, added, removed);
  return { items, sort, search, selection, criteria, sorted, matched, shown, counts, values, options };
}

/**
 * The items of `after` not in `before` and the other way round (compared by identity: a changed
 * opportunity is a new item). Pages only append and a card change touches one place, so the common
 * head and tail are skipped without a set.
 */
export function changesBetween(
  before: readonly IndexedOpportunity[],
  after: readonly IndexedOpportunity[],
): { added: readonly IndexedOpportunity[]; removed: readonly IndexedOpportunity[] } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const out = before.slice(start, endBefore);
  const into = after.slice(start, endAfter);
  if (out.length === 0 || into.length === 0) return { added: into, removed: out };
  const stayed = new Set(into);
  const was = new Set(out);
  return { added: into.filter((item) => !was.has(item)), removed: out.filter((item) => !stayed.has(item)) };
}

function without<T>(items: readonly T[], gone: ReadonlySet<T> | null): readonly T[] {
  return gone ? items.filter((item) => !gone.has(item)) : items;
}

const copyOf = (counts: FacetCounts): FacetCounts =>
  Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map(counts[kind])])) as FacetCounts;

/**
 * The options after some items came and went: only a value appearing or disappearing moves them, so
 * a page of known values leaves them as they were (and the filter panel's groups unchanged).
 */
function withOptions(
  previous: ListViewState,
  items: readonly IndexedOpportunity[],
  added: readonly IndexedOpportunity[],
  removed: readonly IndexedOpportunity[],
): Pick<ListViewState, 'values' | 'options'> {
  let { values, options } = previous;
  if (added.length === 0 && removed.length === 0) return { values, options };
  for (const kind of FILTER_KINDS) {
    const known = values[kind];
    const appeared = new Set<string>();
    for (const item of added) if (!known.has(item.facets[kind])) appeared.add(item.facets[kind]);
    // A removed item's value goes only when no item has it any more (removals are card changes: rare).
    const disappeared = new Set<string>();
    for (const item of removed) disappeared.add(item.facets[kind]);
    for (const item of items) {
      if (disappeared.size === 0) break;
      disappeared.delete(item.facets[kind]);
    }
    if (appeared.size === 0 && disappeared.size === 0) continue;
    const now = new Set(known);
    for (const value of appeared) now.add(value);
    for (const value of disappeared) now.delete(value);
    values = { ...values, [kind]: now };
    const kept = without(options[kind], disappeared.size > 0 ? disappeared : null);
    options = { ...options, [kind]: mergeSorted(kept, [...appeared].sort(compareOptions), compareOptions) };
  }
  return { values, options };
}
