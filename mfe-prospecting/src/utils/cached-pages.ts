/** Pages kept in memory by a paged list; the farthest from the last one fetched go first. */
export const MAX_CACHED_PAGES = 40;

/** `pages` with `page` set to `value`, the pages farthest from it dropped beyond MAX_CACHED_PAGES. */
export function withCachedPage<T>(
  pages: ReadonlyMap<number, T>,
  page: number,
  value: T,
): ReadonlyMap<number, T> {
  const next = new Map(pages);
  next.set(page, value);
  while (next.size > MAX_CACHED_PAGES) {
    let farthest = page;
    for (const cached of next.keys()) {
      if (Math.abs(cached - page) > Math.abs(farthest - page)) farthest = cached;
    }
    next.delete(farthest);
  }
  return next;
}
