import {
  FILTER_KINDS,
  displayValue,
  opportunitySearchTextOf,
  searchWords,
  matchesSearch,
  type FilterKind,
  type OpportunityView,
} from '@app/domain';
import type { FacetSelection } from './list-filter';

/** An opportunity with what searching and filtering need, computed once when it arrives. */
export type IndexedOpportunity = {
  opportunity: OpportunityView;
  /**
   * Its place in the loaded list, growing from first to last (use-opportunity-list.ts): the sort's
   * tie-break, so opportunities with the same timeFilter keep the server's order.
   */
  order: number;
  /** The searched fields, normalised (domain's opportunitySearchTextOf). */
  text: string;
  facets: Record<FilterKind, string>;
};

export function indexOpportunity(opportunity: OpportunityView, order: number): IndexedOpportunity {
  const prospect = opportunity.prospectId;
  return {
    opportunity,
    order,
    text: opportunitySearchTextOf(prospect),
    facets: {
      region: displayValue(prospect.region),
      departement: displayValue(prospect.departement),
      codePostale: displayValue(prospect.codePostale),
      libelleactivite: displayValue(prospect.libelleactivite),
      trancheSalarier: displayValue(prospect.trancheSalarier),
    },
  };
}

export type FacetCounts = Record<FilterKind, Map<string, number>>;

export type FilterResult = {
  /** The items shown, in the order given. */
  matched: IndexedOpportunity[];
  /** For each option, how many opportunities the list would show with it ticked too. */
  counts: FacetCounts;
};

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
// reads them for each of 20,000 items per keystroke.
const KINDS: readonly FilterKind[] = FILTER_KINDS;
const GROUP_OF_KIND: readonly number[] = KINDS.map((kind) => GROUP_OF[kind]);
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
 * What an item does in the list (domain's rules: AND across kinds, OR within one, every word of the
 * search): SHOWN, LEFT_OUT, or the one filter group it fails, whose options count it.
 */
export function verdictOf(item: IndexedOpportunity, criteria: Criteria): number {
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
export function countItem(
  counts: FacetCounts,
  item: IndexedOpportunity,
  verdict: number,
  delta: 1 | -1,
): void {
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

export function emptyCounts(): FacetCounts {
  return Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map<string, number>()])) as FacetCounts;
}

/** The list as searched and filtered, and every option's live count, in one pass. */
export function filterAndCount(
  items: readonly IndexedOpportunity[],
  search: string,
  selection: FacetSelection,
): FilterResult {
  return filterAndCountBy(items, criteriaOf(search, selection));
}

export function filterAndCountBy(items: readonly IndexedOpportunity[], criteria: Criteria): FilterResult {
  const counts = emptyCounts();
  // The maps each verdict adds to, looked up once: this loop runs over 20,000 items per keystroke.
  const shownIn = KINDS.map((kind) => [kind, counts[kind]] as const);
  const failingIn = GROUP_KINDS.map((kinds) => kinds.map((kind) => [kind, counts[kind]] as const));
  const matched: IndexedOpportunity[] = [];
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
