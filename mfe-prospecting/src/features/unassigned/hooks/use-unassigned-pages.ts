import { useCallback, useEffect, useRef, useState } from 'react';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getUnassigned } from '../api/get-unassigned';
import type { UnassignedProspect } from '../types/unassigned-prospect';

/** Rows per request. */
export const UNASSIGNED_PAGE = 500;
/** Pages kept in memory; the farthest from the last one fetched go first. */
const MAX_CACHED_PAGES = 40;

type Page = { rows: readonly UnassignedProspect[]; generation: number };
type Cache = { organisationId: string | null; total: number | null; pages: ReadonlyMap<number, Page> };

export type UnassignedPages = {
  total: number | null;
  rowAt: (index: number) => UnassignedProspect | undefined;
  requestRows: (first: number, last: number) => void;
  /** The pool changed (a prospect was taken): pages are fetched again, the old ones shown meanwhile. */
  invalidate: () => void;
};

/**
 * The pool, fetched by page for the rows on screen. After a take the positions move up by one, so
 * every page is fetched again when next needed, keeping the stale one on screen until then.
 */
export function useUnassignedPages(): UnassignedPages {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [cache, setCache] = useState<Cache>({ organisationId, total: null, pages: new Map() });
  const [generation, setGeneration] = useState(0);
  const inFlight = useRef(new Set<string>());
  const current: Cache =
    cache.organisationId === organisationId ? cache : { organisationId, total: null, pages: new Map() };

  const loadPage = useCallback(
    (page: number) => {
      const requestKey = `${organisationId}#${generation}#${page}`;
      if (!organisationId || inFlight.current.has(requestKey)) return;
      inFlight.current.add(requestKey);
      getUnassigned({ organisationId, offset: page * UNASSIGNED_PAGE, limit: UNASSIGNED_PAGE }).then(
        ({ value, total }) => {
          inFlight.current.delete(requestKey);
          setCache((previous) => {
            const base =
              previous.organisationId === organisationId ? previous.pages : new Map<number, Page>();
            const pages = new Map(base);
            pages.set(page, { rows: value, generation });
            while (pages.size > MAX_CACHED_PAGES) {
              let farthest = page;
              for (const cached of pages.keys())
                if (Math.abs(cached - page) > Math.abs(farthest - page)) farthest = cached;
              pages.delete(farthest);
            }
            return { organisationId, total, pages };
          });
        },
        (error: unknown) => {
          inFlight.current.delete(requestKey);
          ignoreHandledFailure(error);
        },
      );
    },
    [organisationId, generation],
  );

  useEffect(() => {
    loadPage(0);
  }, [loadPage]);

  const { pages, total } = current;
  const requestRows = useCallback(
    (first: number, last: number) => {
      if (!total) return;
      const from = Math.max(0, Math.floor(first / UNASSIGNED_PAGE));
      const to = Math.min(Math.ceil(total / UNASSIGNED_PAGE) - 1, Math.floor(last / UNASSIGNED_PAGE));
      for (let page = from; page <= to; page += 1) {
        if (pages.get(page)?.generation !== generation) loadPage(page);
      }
    },
    [pages, total, generation, loadPage],
  );
  const rowAt = useCallback(
    (index: number) => pages.get(Math.floor(index / UNASSIGNED_PAGE))?.rows[index % UNASSIGNED_PAGE],
    [pages],
  );
  const invalidate = useCallback(() => setGeneration((value) => value + 1), []);

  return { total, rowAt, requestRows, invalidate };
}
