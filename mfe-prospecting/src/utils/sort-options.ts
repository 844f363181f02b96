import type { SortDirection } from './sort-items';

export type SortOption = { value: SortDirection; label: string };

/**
 * The time sorted on grows with age (days late, days since closing; a follow-up to come is below
 * today, the furthest lowest), so ascending reads "Récent > Ancien" (SPEC §2, prospecting home).
 */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'asc', label: 'Récent > Ancien' },
  { value: 'desc', label: 'Ancien > Récent' },
];

/**
 * The server's own order, the oldest first, in every list: WAITING soonest first, the others most
 * overdue or longest closed first (issue 9 contract; docs/decisions/opportunities.md).
 */
export function defaultSortOf(_filter: string): SortDirection {
  return 'desc';
}
