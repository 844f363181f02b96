// Browser storage keys of SPEC.md §3 "Local browser storage"; other packages must use these names.
export const STORAGE_KEYS = {
  token: 'token',
  currentOrganisation: 'CurrentOrganisation',
  navCollapsed: 'navCollapsed',
} as const;

/** Opportunity ids loaded for a list filter, kept under the filter's own name ("todo", "all"...). */
export function opportunityListKey(filter: string): string {
  return filter;
}

export function saveOpportunityIds(filter: string, ids: readonly string[]): void {
  localStorage.setItem(opportunityListKey(filter), ids.join(';'));
}

export function readOpportunityIds(filter: string): string[] {
  const raw = localStorage.getItem(opportunityListKey(filter));
  return raw ? raw.split(';').filter(Boolean) : [];
}
