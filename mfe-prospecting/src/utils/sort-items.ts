export { compareByTimeFilter, type SortDirection } from '@app/domain';

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
