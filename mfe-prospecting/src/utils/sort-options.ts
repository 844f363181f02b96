import type { SortDirection } from './sort-items';

export type SortOption = { value: SortDirection; label: string };

/**
 * timeFilter grows with age (days late, days since closing, time left before a follow-up), so
 * ascending reads "Récent > Ancien" (SPEC §2, prospecting home).
 */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'asc', label: 'Récent > Ancien' },
  { value: 'desc', label: 'Ancien > Récent' },
];

/** The server's own order: WAITING soonest first, the others latest first (issue 9 contract). */
export function defaultSortOf(filter: string): SortDirection {
  return filter === 'waiting' ? 'asc' : 'desc';
}
