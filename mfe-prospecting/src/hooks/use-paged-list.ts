import { useCallback, useEffect, useRef, useState } from 'react';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { withCachedPage } from '../utils/cached-pages';

type Page<Row> = { rows: readonly Row[]; generation: number };
type Cache<Row> = {
  organisationId: string | null;
  total: number | null;
  pages: ReadonlyMap<number, Page<Row>>;
};

export type PagedList<Row> = {
  total: number | null;
  rowAt: (index: number) => Row | undefined;
  requestRows: (first: number, last: number) => void;
  /** The list changed: pages are fetched again, the old ones shown meanwhile. */
  invalidate: () => void;
};

export type PageFetcher<Row> = (input: {
  organisationId: string;
  offset: number;
  limit: number;
}) => Promise<{ value: Row[]; total: number }>;

/**
 * A long list of the current organisation fetched by page for the rows on screen (what VirtualTable
 * reads). `fetchPage` must be stable (a module-level function).
 */
export function usePagedList<Row>(fetchPage: PageFetcher<Row>, pageSize: number): PagedList<Row> {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [cache, setCache] = useState<Cache<Row>>({ organisationId, total: null, pages: new Map() });
  const [generation, setGeneration] = useState(0);
  const inFlight = useRef(new Set<string>());
  const current: Cache<Row> =
    cache.organisationId === organisationId ? cache : { organisationId, total: null, pages: new Map() };

  const loadPage = useCallback(
    (page: number) => {
      const requestKey = `${organisationId}#${generation}#${page}`;
      if (!organisationId || inFlight.current.has(requestKey)) return;
      inFlight.current.add(requestKey);
      fetchPage({ organisationId, offset: page * pageSize, limit: pageSize }).then(
        ({ value, total }) => {
          inFlight.current.delete(requestKey);
          setCache((previous) => {
            const base =
              previous.organisationId === organisationId ? previous.pages : new Map<number, Page<Row>>();
            return { organisationId, total, pages: withCachedPage(base, page, { rows: value, generation }) };
          });
        },
        (error: unknown) => {
          inFlight.current.delete(requestKey);
          ignoreHandledFailure(error);
        },
      );
    },
    [organisationId, generation, fetchPage, pageSize],
  );

  useEffect(() => {
    loadPage(0);
  }, [loadPage]);

  const { pages, total } = current;
  const requestRows = useCallback(
    (first: number, last: number) => {
      if (!total) return;
      const from = Math.max(0, Math.floor(first / pageSize));
      const to = Math.min(Math.ceil(total / pageSize) - 1, Math.floor(last / pageSize));
      for (let page = from; page <= to; page += 1) {
        if (pages.get(page)?.generation !== generation) loadPage(page);
      }
    },
    [pages, total, generation, loadPage, pageSize],
  );
  const rowAt = useCallback(
    (index: number) => pages.get(Math.floor(index / pageSize))?.rows[index % pageSize],
    [pages, pageSize],
  );
  const invalidate = useCallback(() => setGeneration((value) => value + 1), []);

  return { total, rowAt, requestRows, invalidate };
}
