import {
  criteriaOf,
  facetsOf,
  filterAndCountBy,
  opportunitySearchTextOf,
  type FacetCounts,
  type ListItemFacts,
  type OpportunityView,
} from '@app/domain';
import type { FacetSelection } from './list-filter';

// The search, filter and count pass is domain's (list-facets.ts), shared with the API's server-side
// list so both give the same list and counts.
export {
  countItem,
  criteriaOf,
  emptyCounts,
  filterAndCountBy,
  LEFT_OUT,
  SHOWN,
  verdictOf,
  type Criteria,
  type FacetCounts,
} from '@app/domain';

/** An opportunity with what searching and filtering need, computed once when it arrives. */
export type IndexedOpportunity = ListItemFacts & {
  opportunity: OpportunityView;
  /**
   * Its place in the loaded list, growing from first to last (use-opportunity-list.ts): the sort's
   * tie-break, so opportunities with the same timeFilter keep the server's order.
   */
  order: number;
};

export function indexOpportunity(opportunity: OpportunityView, order: number): IndexedOpportunity {
  const prospect = opportunity.prospectId;
  return { opportunity, order, text: opportunitySearchTextOf(prospect), facets: facetsOf(prospect) };
}

export type FilterResult = {
  /** The items shown, in the order given. */
  matched: IndexedOpportunity[];
  /** For each option, how many opportunities the list would show with it ticked too. */
  counts: FacetCounts;
};

/** The list as searched and filtered, and every option's live count, in one pass. */
export function filterAndCount(
  items: readonly IndexedOpportunity[],
  search: string,
  selection: FacetSelection,
): FilterResult {
  return filterAndCountBy(items, criteriaOf(search, selection));
}
