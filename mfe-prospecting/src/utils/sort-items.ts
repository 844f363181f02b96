import { listTimeOf, type OpportunityView } from '@app/domain';

export type SortDirection = 'asc' | 'desc';

type Sortable = { order: number; opportunity: Pick<OpportunityView, 'state' | 'timeFilter'> };

/**
 * Orders by the time of `timeFilter` on one scale of days (domain's listTimeOf: a WAITING's
 * milliseconds left become negative days, so "Toute Opportunités" does not put every WAITING
 * first), then by place in the loaded list (`order`), so opportunities at the same time keep the
 * server's order (most recent first). A total order: no two items tie.
 */
export function compareByTimeFilter(direction: SortDirection): (a: Sortable, b: Sortable) => number {
  return direction === 'asc'
    ? (a, b) => listTimeOf(a.opportunity) - listTimeOf(b.opportunity) || a.order - b.order
    : (a, b) => listTimeOf(b.opportunity) - listTimeOf(a.opportunity) || a.order - b.order;
}

/** `items` sorted; itself when it already is (a page arrives in the server's order). */
export function sortedBy<T>(items: readonly T[], compare: (a: T, b: T) => number): readonly T[] {
  for (let index = 1; index < items.length; index += 1) {
    if (compare(items[index - 1]!, items[index]!) > 0) return [...items].sort(compare);
  }
  return items;
}

/** Two sorted lists as one sorted list, in one pass; a list is returned as is when the other is empty. */
export function mergeSorted<T>(
  first: readonly T[],
  second: readonly T[],
  compare: (a: T, b: T) => number,
): readonly T[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  // The usual case while loading: the page goes after everything loaded, or before it.
  if (compare(first[first.length - 1]!, second[0]!) < 0) return first.concat(second);
  if (compare(second[second.length - 1]!, first[0]!) < 0) return second.concat(first);
  const merged = new Array<T>(first.length + second.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < first.length && j < second.length) {
    merged[k++] = compare(first[i]!, second[j]!) <= 0 ? first[i++]! : second[j++]!;
  }
  while (i < first.length) merged[k++] = first[i++]!;
  while (j < second.length) merged[k++] = second[j++]!;
  return merged;
}
