export type SortDirection = 'asc' | 'desc';

/**
 * Orders by `timeFilter`. The sort is stable, so opportunities with the same timeFilter keep the
 * server's order (most recent first).
 */
export function sortByTimeFilter<T extends { opportunity: { timeFilter: number } }>(
  items: readonly T[],
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * (a.opportunity.timeFilter - b.opportunity.timeFilter));
}
