// The list's filters and search, used by the browser list and the server export alike, so an export
// is exactly the filtered list: AND across kinds, OR within one; search accent- and case-insensitive,
// a phone number found however it is typed (searchFormOf).
import { REGIONS } from '../geography/geography-data';
import { findDepartment, regionOfDepartment } from '../geography/geography';
import { EMPTY_VALUE, type ProspectField } from '../prospect-fields';
import { searchFormOf } from '../prospects/normalise-search';

/** The multi-select filter kinds, in the order the filter panel lists them (SPEC §2). */
export const FILTER_KINDS = [
  'region',
  'departement',
  'codePostale',
  'libelleactivite',
  'trancheSalarier',
] as const;

export type FilterKind = (typeof FILTER_KINDS)[number];

export const FILTER_KIND_LABELS: Record<FilterKind, string> = {
  region: 'Région',
  departement: 'Département',
  codePostale: 'Code postal',
  libelleactivite: 'Activité',
  trancheSalarier: 'Tranche salarié',
};

/** The fields the free-text search 'Rechercher' looks into (SPEC §2). */
export const SEARCH_FIELDS = [
  'enseigne',
  'prospect',
  'codePostale',
  'ville',
  'adresseComplete',
  'site',
  'telephone',
  'eMail',
  'siret',
] as const satisfies readonly ProspectField[];

/** Selected options per kind (an empty or absent list filters nothing) and the search text. */
export type OpportunityFilters = Partial<Record<FilterKind, readonly string[]>> & { search?: string };

/** The prospect facts filters and search read. */
export type FilterableProspect = Pick<Record<ProspectField, string>, (typeof SEARCH_FIELDS)[number]> &
  Record<FilterKind, string>;

/** The searchable text of a prospect, normalised once (index it once; never per keystroke). */
export function opportunitySearchTextOf(
  prospect: Pick<FilterableProspect, (typeof SEARCH_FIELDS)[number]>,
): string {
  return SEARCH_FIELDS.map((field) => prospect[field])
    .filter((value) => typeof value === 'string' && value !== EMPTY_VALUE)
    .map(searchFormOf)
    .join(' | ');
}

/** The words of a search: every one must appear in the prospect's text (in any field, any order). */
export function searchWords(search: string | undefined): string[] {
  const needle = searchFormOf(search ?? '');
  return needle === '' ? [] : needle.split(' ');
}

export function matchesSearch(searchText: string, words: readonly string[]): boolean {
  return words.every((word) => searchText.includes(word));
}

/**
 * How many choices the user made: the number the filter button shows. A département ticked because
 * its région is (the two lists are kept in sync) is not a choice of its own.
 */
export function selectedFilterCount(filters: OpportunityFilters): number {
  const regions = new Set(filters.region ?? []);
  return FILTER_KINDS.reduce((sum, kind) => {
    const selected = filters[kind] ?? [];
    if (kind !== 'departement') return sum + selected.length;
    return sum + selected.filter((code) => !regions.has(regionOfDepartment(code)?.name ?? '')).length;
  }, 0);
}

type CompiledKind = { kind: FilterKind; options: ReadonlySet<string> };

/**
 * Compiles the filters once into a predicate. `textOf` returns the item's normalised search text
 * (from an index built with opportunitySearchTextOf), `prospectOf` its prospect facts.
 */
export function createFilterPredicate<T>(
  filters: OpportunityFilters,
  prospectOf: (item: T) => FilterableProspect,
  textOf: (item: T) => string = (item) => opportunitySearchTextOf(prospectOf(item)),
  except?: FilterKind,
): (item: T) => boolean {
  const kinds: CompiledKind[] = FILTER_KINDS.filter(
    (kind) => kind !== except && (filters[kind]?.length ?? 0) > 0,
  ).map((kind) => ({ kind, options: new Set(filters[kind]) }));
  const words = searchWords(filters.search);
  return (item) => {
    if (kinds.length > 0) {
      const prospect = prospectOf(item);
      for (const { kind, options } of kinds) if (!options.has(prospect[kind])) return false;
    }
    return words.length === 0 || matchesSearch(textOf(item), words);
  };
}

/** The items matching every selected kind (OR within one) and the search. */
export function applyFilters<T>(
  items: readonly T[],
  filters: OpportunityFilters,
  prospectOf: (item: T) => FilterableProspect,
  textOf?: (item: T) => string,
): T[] {
  return items.filter(createFilterPredicate(filters, prospectOf, textOf));
}

export type FacetOption = { value: string; count: number };

export type Facets = Record<FilterKind, FacetOption[]>;

/**
 * Each kind's options with their live count: how many items match the search and the other kinds'
 * selections and hold that option (so ticking it adds exactly that many, OR within the kind).
 * Selected options are listed even at 0. Sorted by value (numbers in order), 'Aucun' last.
 */
export function facetCounts<T>(
  items: readonly T[],
  filters: OpportunityFilters,
  prospectOf: (item: T) => FilterableProspect,
  textOf?: (item: T) => string,
): Facets {
  const facets = {} as Facets;
  for (const kind of FILTER_KINDS) {
    const predicate = createFilterPredicate(filters, prospectOf, textOf, kind);
    const counts = new Map<string, number>();
    for (const selected of filters[kind] ?? []) counts.set(selected, 0);
    for (const item of items) {
      if (!predicate(item)) continue;
      const value = prospectOf(item)[kind];
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facets[kind] = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => compareOptions(a.value, b.value));
  }
  return facets;
}

// Built on first use, not when the module is evaluated: creating a French collator loads ICU's
// collation data, a long task on a phone's first screen that never sorts options (lighthouse.md).
let collator: Intl.Collator | undefined;
const collatorOf = () => (collator ??= new Intl.Collator('fr', { numeric: true, sensitivity: 'base' }));

function compareOptions(a: string, b: string): number {
  if (a === EMPTY_VALUE || b === EMPTY_VALUE) return a === b ? 0 : a === EMPTY_VALUE ? 1 : -1;
  return collatorOf().compare(a, b);
}

/** The département codes of some régions (by name, as prospects store them). */
export function departementsOfRegions(regionNames: readonly string[]): string[] {
  const names = new Set(regionNames);
  return REGIONS.filter((region) => names.has(region.name)).flatMap((region) => [...region.departments]);
}

/** The région names of some département codes. */
export function regionsOfDepartements(codes: readonly string[]): string[] {
  const names = new Set<string>();
  for (const code of codes) {
    const department = findDepartment(code);
    const region = department && REGIONS.find((candidate) => candidate.code === department.regionCode);
    if (region) names.add(region.name);
  }
  return [...names];
}

/**
 * Keeps régions and départements in step (SPEC 'Choosing regions and departments syncs the two
 * lists'): ticking a région ticks its départements, unticking it unticks them; ticking a département
 * ticks its région; unticking a région's last département unticks the région.
 */
export function syncGeographyFilters(
  previous: Pick<OpportunityFilters, 'region' | 'departement'>,
  next: Pick<OpportunityFilters, 'region' | 'departement'>,
): { region: string[]; departement: string[] } {
  const before = { region: new Set(previous.region ?? []), departement: new Set(previous.departement ?? []) };
  const regions = new Set(next.region ?? []);
  const departements = new Set(next.departement ?? []);
  const addedRegions = [...regions].filter((name) => !before.region.has(name));
  const removedRegions = [...before.region].filter((name) => !regions.has(name));
  for (const code of departementsOfRegions(addedRegions)) departements.add(code);
  for (const code of departementsOfRegions(removedRegions)) departements.delete(code);
  const regionsChanged = addedRegions.length > 0 || removedRegions.length > 0;
  if (!regionsChanged) {
    for (const name of regionsOfDepartements([...departements])) regions.add(name);
    for (const name of [...regions]) {
      if (!departementsOfRegions([name]).some((code) => departements.has(code))) regions.delete(name);
    }
  }
  return { region: [...regions], departement: [...departements] };
}
