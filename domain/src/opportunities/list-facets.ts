// The opportunity list's search, filters, live option counts and order, as one pass over indexed
// items: the browser runs it over a loaded list, the API over an organisation's whole list (past
// the size where the browser stops loading everything), so both give the same list and the same
// counts (docs/decisions/opportunity-list.md, "Server-side list").
import { displayValue, EMPTY_VALUE } from '../prospect-fields';
import { FILTER_KINDS, type FilterKind, matchesSearch, searchWords } from './filters';
import { listTimeOf, type Timing } from './timing';

/** The ticked options of each filter kind. */
export type FacetSelection = Record<FilterKind, readonly string[]>;

export const NO_SELECTION: FacetSelection = {
  region: [],
  departement: [],
  codePostale: [],
  libelleactivite: [],
  trancheSalarier: [],
};

/** What searching and filtering read of an opportunity, computed once. */
export type ListItemFacts = {
  /** The searched fields, normalised (opportunitySearchTextOf). */
  text: string;
  facets: Record<FilterKind, string>;
};

/** The five filter values of a prospect. */
export function facetsOf(prospect: Partial<Record<FilterKind, string>>): Record<FilterKind, string> {
  return {
    region: displayValue(prospect.region),
    departement: displayValue(prospect.departement),
    codePostale: displayValue(prospect.codePostale),
    libelleactivite: displayValue(prospect.libelleactivite),
    trancheSalarier: displayValue(prospect.trancheSalarier),
  };
}

export type FacetCounts = Record<FilterKind, Map<string, number>>;

// Région and département are one geographic choice (kept in sync), so their counts ignore both:
// ticking another région shows what it would add, not 0.
const GROUP_OF: Record<FilterKind, number> = {
  region: 0,
  departement: 0,
  codePostale: 1,
  libelleactivite: 2,
  trancheSalarier: 3,
};
const GROUP_KINDS: readonly (readonly FilterKind[])[] = [
  ['region', 'departement'],
  ['codePostale'],
  ['libelleactivite'],
  ['trancheSalarier'],
];

// Module-local copies: an imported binding is read through a getter in the bundle, and verdictOf
// reads them for each item per keystroke.
const KINDS: readonly FilterKind[] = FILTER_KINDS;
const GROUP_OF_KIND: readonly number[] = KINDS.map((kind) => GROUP_OF[kind]);
/**
 * Per filter kind (FILTER_KINDS' order), the filter group it belongs to: the number verdictOf gives
 * an item failing that kind only (the API tests ticked options by value number with it).
 */
export const FACET_GROUP_OF_KIND: readonly number[] = GROUP_OF_KIND;
const matches = matchesSearch;

/** A search and a selection, ready to test items with. */
export type Criteria = {
  words: readonly string[];
  /** Per filter kind (FILTER_KINDS' order), the ticked options, or null when none is. */
  chosen: readonly (ReadonlySet<string> | null)[];
  anyChosen: boolean;
};

export function criteriaOf(search: string, selection: FacetSelection): Criteria {
  const chosen = FILTER_KINDS.map((kind) => (selection[kind].length > 0 ? new Set(selection[kind]) : null));
  return { words: searchWords(search), chosen, anyChosen: chosen.some((set) => set !== null) };
}

/** verdictOf: the item is shown. */
export const SHOWN = -1;
/** verdictOf: the item is neither shown nor counted (the search, or two filter groups, leave it out). */
export const LEFT_OUT = -2;

/**
 * What an item does in the list (AND across kinds, OR within one, every word of the search): SHOWN,
 * LEFT_OUT, or the one filter group it fails, whose options count it.
 */
export function verdictOf(item: ListItemFacts, criteria: Criteria): number {
  if (criteria.words.length > 0 && !matches(item.text, criteria.words)) return LEFT_OUT;
  if (!criteria.anyChosen) return SHOWN;
  let failedGroup = SHOWN;
  for (let index = 0; index < KINDS.length; index += 1) {
    const set = criteria.chosen[index];
    if (!set || set.has(item.facets[KINDS[index]!])) continue;
    const group = GROUP_OF_KIND[index]!;
    if (failedGroup === SHOWN) failedGroup = group;
    else if (group !== failedGroup) return LEFT_OUT;
  }
  return failedGroup;
}

/**
 * Counts an item with this verdict in the options that count it (`delta` -1 takes it off; a count
 * back to 0 leaves its map): a shown item everywhere, one failing one group in that group only.
 */
export function countItem(counts: FacetCounts, item: ListItemFacts, verdict: number, delta: 1 | -1): void {
  if (verdict === LEFT_OUT) return;
  const kinds = verdict === SHOWN ? KINDS : (GROUP_KINDS[verdict] ?? []);
  for (let index = 0; index < kinds.length; index += 1) {
    const kind = kinds[index]!;
    const map = counts[kind];
    const value = item.facets[kind];
    const count = (map.get(value) ?? 0) + delta;
    if (count === 0) map.delete(value);
    else map.set(value, count);
  }
}

const ALL_KINDS = KINDS.map((_, index) => index);
const GROUP_KIND_INDEXES = GROUP_KINDS.map((kinds) => kinds.map((kind) => KINDS.indexOf(kind)));

/**
 * The filter kinds (indexes in FILTER_KINDS) whose options count an item with this verdict: every
 * kind for a shown item, the failed group's for the others (countItem's rule, for counters that are
 * not maps, as the API's).
 */
export function countedKinds(verdict: number): readonly number[] {
  if (verdict === LEFT_OUT) return [];
  return verdict === SHOWN ? ALL_KINDS : (GROUP_KIND_INDEXES[verdict] ?? []);
}

export function emptyCounts(): FacetCounts {
  return Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map<string, number>()])) as FacetCounts;
}

/** The items shown, in the order given, and each option's live count. */
export type FilterResult<T> = { matched: T[]; counts: FacetCounts };

/** The list as searched and filtered, and every option's live count, in one pass. */
export function filterAndCountBy<T extends ListItemFacts>(
  items: readonly T[],
  criteria: Criteria,
): FilterResult<T> {
  const counts = emptyCounts();
  // The maps each verdict adds to, looked up once: this loop runs over every item per keystroke.
  const shownIn = KINDS.map((kind) => [kind, counts[kind]] as const);
  const failingIn = GROUP_KINDS.map((kinds) => kinds.map((kind) => [kind, counts[kind]] as const));
  const matched: T[] = [];
  for (const item of items) {
    const verdict = verdictOf(item, criteria);
    if (verdict === LEFT_OUT) continue;
    if (verdict === SHOWN) matched.push(item);
    const targets = verdict === SHOWN ? shownIn : failingIn[verdict]!;
    for (let index = 0; index < targets.length; index += 1) {
      const [kind, map] = targets[index]!;
      const value = item.facets[kind];
      map.set(value, (map.get(value) ?? 0) + 1);
    }
  }
  return { matched, counts };
}

// Built on first use, not when the module is evaluated: creating a French collator loads ICU's
// collation data, a long task on a phone's first screen that never sorts options (lighthouse.md).
let collator: Intl.Collator | undefined;
const collatorOf = () => (collator ??= new Intl.Collator('fr', { numeric: true, sensitivity: 'base' }));

/** Options in French order, 'Aucun' (no value) last; values the collator calls equal by code point. */
export function compareFacetOptions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === EMPTY_VALUE) return 1;
  if (b === EMPTY_VALUE) return -1;
  return collatorOf().compare(a, b) || (a < b ? -1 : 1);
}

/** Every value each filter kind takes in these items, in display order. */
export function facetOptionsOf(items: Iterable<ListItemFacts>): Record<FilterKind, string[]> {
  const values = Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Set<string>()])) as Record<
    FilterKind,
    Set<string>
  >;
  for (const item of items) for (const kind of KINDS) values[kind].add(item.facets[kind]);
  return Object.fromEntries(
    FILTER_KINDS.map((kind) => [kind, [...values[kind]].sort(compareFacetOptions)]),
  ) as Record<FilterKind, string[]>;
}

export type SortDirection = 'asc' | 'desc';

type Sortable = { order: number; opportunity: Pick<Timing, 'state' | 'timeFilter'> };

/**
 * Orders by the time of `timeFilter` on one scale of days (listTimeOf: a WAITING's milliseconds left
 * become negative days, so "Toute Opportunités" does not put every WAITING first), then by place in
 * the server's list (`order`), so opportunities at the same time keep the server's order (most
 * recent first). A total order: no two items tie.
 */
export function compareByTimeFilter(direction: SortDirection): (a: Sortable, b: Sortable) => number {
  return direction === 'asc'
    ? (a, b) => listTimeOf(a.opportunity) - listTimeOf(b.opportunity) || a.order - b.order
    : (a, b) => listTimeOf(b.opportunity) - listTimeOf(a.opportunity) || a.order - b.order;
}
