import { useCallback, useEffect, useRef, useState } from 'react';
import { ignoreHandledFailure, useLiveChange } from '@app/platform';
import { withCachedPage } from '../../../utils/cached-pages';
import { getProspects } from '../api/get-prospects';
import type { ProspectRow } from '../types/prospect-file';

/** Rows per `/api/prospect/get/value` request (SPEC.md §9: lists come 500 per request). */
export const PROSPECT_PAGE_SIZE = 500;

type Cache = {
  query: string;
  /** Rows matching the search, known from the first answer. */
  total: number | null;
  pages: ReadonlyMap<number, readonly ProspectRow[]>;
  failed: boolean;
};

export type ProspectPages = {
  total: number | null;
  failed: boolean;
  /** The row at `index` in the (searched) file, or undefined while its page is on its way. */
  rowAt: (index: number) => ProspectRow | undefined;
  /** Fetches the pages covering rows `first`..`last` that are neither cached nor on their way. */
  requestRows: (first: number, last: number) => void;
};

export type ProspectPagesInput = {
  organisationId: string;
  excelId: string;
  search: string;
  /** Moved after a change to the file's rows (a prospect deleted, the import undone): read again. */
  version?: number;
};

function emptyCache(query: string): Cache {
  return { query, total: null, pages: new Map(), failed: false };
}

/**
 * A file's rows, fetched by page for the window the table shows and cached by page, so a file of
 * 100,000 rows never sits whole in the browser. A new search starts a new cache.
 */
export function useProspectPages({
  organisationId,
  excelId,
  search,
  version = 0,
}: ProspectPagesInput): ProspectPages {
  const query = JSON.stringify([organisationId, excelId, search, version]);
  const [cache, setCache] = useState<Cache>(() => emptyCache(query));
  // Pages on their way, by query and page: a page is asked for once at a time.
  const inFlight = useRef(new Set<string>());
  // The query shown now: a page of an earlier one (asked before the file changed or the search moved)
  // that comes back late is dropped, not made the cache, which would leave the current one empty and
  // "Chargement des prospects…" for good (its first page came back before and was replaced).
  const shown = useRef(query);
  useEffect(() => {
    shown.current = query;
  }, [query]);
  const current = cache.query === query ? cache : emptyCache(query);

  const loadPage = useCallback(
    (page: number) => {
      const requestKey = `${query}#${page}`;
      if (!organisationId || !excelId || inFlight.current.has(requestKey)) return;
      inFlight.current.add(requestKey);
      getProspects({
        organisationId,
        excelId,
        ...(search ? { search } : {}),
        offset: page * PROSPECT_PAGE_SIZE,
        limit: PROSPECT_PAGE_SIZE,
      }).then(
        ({ value, total }) => {
          inFlight.current.delete(requestKey);
          if (shown.current !== query) return;
          setCache((previous) => {
            const base = previous.query === query ? previous : emptyCache(query);
            return { ...base, total, pages: withCachedPage(base.pages, page, value) };
          });
        },
        (error: unknown) => {
          // Scrolling back to these rows tries again.
          inFlight.current.delete(requestKey);
          ignoreHandledFailure(error);
          if (shown.current !== query) return;
          setCache((previous) => ({
            ...(previous.query === query ? previous : emptyCache(query)),
            failed: true,
          }));
        },
      );
    },
    [organisationId, excelId, search, query],
  );

  // A new file or search starts from its first page, which also tells the total.
  useEffect(() => {
    loadPage(0);
  }, [loadPage]);

  const { pages, total } = current;
  const requestRows = useCallback(
    (first: number, last: number) => {
      if (total === null || total === 0) return;
      const from = Math.max(0, Math.floor(first / PROSPECT_PAGE_SIZE));
      const to = Math.min(Math.ceil(total / PROSPECT_PAGE_SIZE) - 1, Math.floor(last / PROSPECT_PAGE_SIZE));
      for (let page = from; page <= to; page += 1) {
        if (!pages.has(page)) loadPage(page);
      }
    },
    [pages, total, loadPage],
  );

  // A colleague changed prospects: the pages held are asked again and replaced as they come, in place.
  useLiveChange(() => {
    for (const page of pages.keys()) loadPage(page);
  }, ['prospects']);

  const rowAt = useCallback(
    (index: number) => pages.get(Math.floor(index / PROSPECT_PAGE_SIZE))?.[index % PROSPECT_PAGE_SIZE],
    [pages],
  );

  return { total, failed: current.failed && total === null, rowAt, requestRows };
}
