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

/** A search and a selection, ready to test items with. */
export type Criteria = {
  words: readonly string[];
  /** Per filter kind (FILTER_KINDS' order), the ticked options, or null when none is. */
  chosen: readonly (ReadonlySet<string> | null)[];
};

export function criteriaOf(search: string, selection: FacetSelection): Criteria {
  return {
    words: searchWords(search),
    chosen: FILTER_KINDS.map((kind) => (selection[kind].length > 0 ? new Set(selection[kind]) : null)),
  };
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
  if (criteria.words.length > 0 && !matchesSearch(item.text, criteria.words)) return LEFT_OUT;
  let failedGroup = SHOWN;
  for (let index = 0; index < FILTER_KINDS.length; index += 1) {
    const set = criteria.chosen[index];
    const kind = FILTER_KINDS[index]!;
    if (!set || set.has(item.facets[kind])) continue;
    const group = GROUP_OF[kind];
    if (failedGroup === SHOWN) failedGroup = group;
    else if (group !== failedGroup) return LEFT_OUT;
  }
  return failedGroup;
}

/** The kinds whose options count an item with this verdict. */
export function countedKinds(verdict: number): readonly FilterKind[] {
  return verdict === SHOWN ? FILTER_KINDS : (GROUP_KINDS[verdict] ?? []);
}

export function emptyCounts(): FacetCounts {
  return Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map<string, number>()])) as FacetCounts;
}

/**
 * The list as searched and filtered and every option's live count, in one pass: an item failing no
 * group is shown and counted everywhere, an item failing exactly one group is counted only in that
 * group.
 */
export function filterAndCount(
  items: readonly IndexedOpportunity[],
  search: string,
  selection: FacetSelection,
): FilterResult {
  return filterAndCountBy(items, criteriaOf(search, selection));
}

export function filterAndCountBy(items: readonly IndexedOpportunity[], criteria: Criteria): FilterResult {
  const counts = emptyCounts();
  const matched: IndexedOpportunity[] = [];
  for (const item of items) {
    const verdict = verdictOf(item, criteria);
    if (verdict === LEFT_OUT) continue;
    if (verdict === SHOWN) matched.push(item);
    for (const kind of countedKinds(verdict)) {
      const map = counts[kind];
      const value = item.facets[kind];
      map.set(value, (map.get(value) ?? 0) + 1);
    }
  }
  return { matched, counts };
}
