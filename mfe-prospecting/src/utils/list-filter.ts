import {
  FILTER_KINDS,
  syncGeographyFilters,
  type FilterKind,
  type ListFilter,
  type FacetSelection,
  type OpportunityFilters,
} from '@app/domain';

/** The ticked options of each filter kind (domain/src/opportunities/filters.ts gives their meaning). */
export { NO_SELECTION, type FacetSelection } from '@app/domain';

/** The body's `filter` of `/api/opportunity/export/filter`: the list exactly as the user filtered it. */
export type ExportFilter = { state: ListFilter } & Omit<OpportunityFilters, FilterKind> &
  Partial<Record<FilterKind, string[]>>;

export function toExportFilter(state: ListFilter, search: string, selection: FacetSelection): ExportFilter {
  const filter: ExportFilter = { state };
  if (search.trim()) filter.search = search.trim();
  for (const kind of FILTER_KINDS) {
    if (selection[kind].length > 0) filter[kind] = [...selection[kind]];
  }
  return filter;
}

function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

/**
 * Ticks or unticks one option. Régions and départements stay in sync (domain's
 * syncGeographyFilters): a région brings its départements, a département its région.
 */
export function toggleOption(selection: FacetSelection, kind: FilterKind, value: string): FacetSelection {
  if (kind !== 'region' && kind !== 'departement') {
    return { ...selection, [kind]: toggled(selection[kind], value) };
  }
  const next = {
    region: selection.region,
    departement: selection.departement,
    [kind]: toggled(selection[kind], value),
  };
  return { ...selection, ...syncGeographyFilters(selection, next) };
}
