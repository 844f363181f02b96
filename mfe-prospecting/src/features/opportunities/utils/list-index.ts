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
  /** The searched fields, normalised (domain's opportunitySearchTextOf). */
  text: string;
  facets: Record<FilterKind, string>;
};

export function indexOpportunity(opportunity: OpportunityView): IndexedOpportunity {
  const prospect = opportunity.prospectId;
  return {
    opportunity,
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
  matches: OpportunityView[];
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

/**
 * The list as searched and filtered with the domain's rules (AND across kinds, OR within one, every
 * word of the search) and every option's live count, in one pass: an item failing no group is
 * shown and counted everywhere, an item failing exactly one group is counted only in that group.
 */
export function filterAndCount(
  items: readonly IndexedOpportunity[],
  search: string,
  selection: FacetSelection,
): FilterResult {
  const words = searchWords(search);
  const chosen = FILTER_KINDS.map((kind) => (selection[kind].length > 0 ? new Set(selection[kind]) : null));
  const counts = Object.fromEntries(
    FILTER_KINDS.map((kind) => [kind, new Map<string, number>()]),
  ) as FacetCounts;
  const matches: OpportunityView[] = [];
  const add = (kind: FilterKind, value: string) => {
    const map = counts[kind];
    map.set(value, (map.get(value) ?? 0) + 1);
  };

  for (const item of items) {
    if (words.length > 0 && !matchesSearch(item.text, words)) continue;
    let failedGroup = -1;
    let failures = 0;
    FILTER_KINDS.forEach((kind, index) => {
      const set = chosen[index];
      if (!set || set.has(item.facets[kind])) return;
      const group = GROUP_OF[kind];
      if (group !== failedGroup) {
        failures += 1;
        failedGroup = group;
      }
    });
    if (failures === 0) {
      matches.push(item.opportunity);
      for (const kind of FILTER_KINDS) add(kind, item.facets[kind]);
    } else if (failures === 1) {
      for (const kind of GROUP_KINDS[failedGroup] ?? []) add(kind, item.facets[kind]);
    }
  }
  return { matches, counts };
}
