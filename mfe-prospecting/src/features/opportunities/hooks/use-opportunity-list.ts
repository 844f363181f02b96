import { useCallback, useEffect, useState } from 'react';
import { OPPORTUNITY_PAGE_SIZE, stateOfListFilter, type ListFilter, type OpportunityView } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getWithFilter } from '../api/get-with-filter';
import { indexOpportunity, type IndexedOpportunity } from '../utils/list-index';

/** SPEC §4 and §9: a page request about every 50 ms, one at a time, until `itsFinish`. */
export const PAGE_DELAY_MS = 50;

type Loaded = {
  /** Organisation and filter the items belong to: a change of either starts again from nothing. */
  key: string;
  items: readonly IndexedOpportunity[];
  /** True once a page answered `itsFinish` (or a page failed: the list stops there). */
  finished: boolean;
  /** True once the first page answered. */
  started: boolean;
};

export type OpportunityList = {
  items: readonly IndexedOpportunity[];
  /** Nothing arrived yet: the screen shows its spinner. */
  loading: boolean;
  /** More pages are on their way. */
  loadingMore: boolean;
  /** A card changed the opportunity: update it, drop it when it left this list's state, add it when it came in. */
  applyChange: (opportunity: OpportunityView) => void;
};

const emptyList = (key: string): Loaded => ({ key, items: [], finished: false, started: false });

/**
 * Loads a list the way SPEC §4 says: by position, 500 at a time, a request every 50 ms counted
 * from the previous request (never two at once: a slow answer delays the next) until `itsFinish`
 * (WAITING answers everything at once). The text of each opportunity is
 * indexed once, as it arrives. Changing organisation (the session store's current one) resets it.
 */
export function useOpportunityList(filter: ListFilter): OpportunityList {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const key = `${organisationId ?? ''}|${filter}`;
  const [loaded, setLoaded] = useState<Loaded>(() => emptyList(key));
  const current = loaded.key === key ? loaded : emptyList(key);

  useEffect(() => {
    if (!organisationId) return undefined;
    let cancelled = false;
    let timer: number | undefined;
    const seen = new Set<string>();

    const loadPage = (page: number) => {
      const requestedAt = Date.now();
      getWithFilter({
        organisationId,
        filter: { state: filter },
        startId: page * OPPORTUNITY_PAGE_SIZE,
        // WAITING asks for everything at once (SPEC §4).
        endId: filter === 'waiting' ? Number.MAX_SAFE_INTEGER : (page + 1) * OPPORTUNITY_PAGE_SIZE,
      }).then(
        ({ opportunitys, itsFinish }) => {
          if (cancelled) return;
          // A list that moved under us between two pages must not show an opportunity twice.
          const fresh = opportunitys.filter((opportunity) => !seen.has(opportunity._id));
          for (const opportunity of fresh) seen.add(opportunity._id);
          const indexed = fresh.map(indexOpportunity);
          setLoaded((previous) => {
            const base = previous.key === key ? previous : emptyList(key);
            return { key, items: [...base.items, ...indexed], finished: itsFinish, started: true };
          });
          if (!itsFinish) {
            const wait = Math.max(0, PAGE_DELAY_MS - (Date.now() - requestedAt));
            timer = window.setTimeout(() => loadPage(page + 1), wait);
          }
        },
        (error: unknown) => {
          if (cancelled) return;
          setLoaded((previous) => ({
            ...(previous.key === key ? previous : emptyList(key)),
            finished: true,
            started: true,
          }));
          ignoreHandledFailure(error);
        },
      );
    };
    loadPage(0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [organisationId, filter, key]);

  const applyChange = useCallback(
    (opportunity: OpportunityView) => {
      const wanted = stateOfListFilter(filter);
      const belongs = wanted === null || opportunity.state === wanted;
      setLoaded((previous) => {
        if (previous.key !== key) return previous;
        const at = previous.items.findIndex((item) => item.opportunity._id === opportunity._id);
        const items = [...previous.items];
        if (at >= 0 && belongs) items[at] = indexOpportunity(opportunity);
        else if (at >= 0) items.splice(at, 1);
        // An opportunity that just came into this list's state (the other column) goes first.
        else if (belongs) items.unshift(indexOpportunity(opportunity));
        else return previous;
        return { ...previous, items };
      });
    },
    [filter, key],
  );

  return {
    items: current.items,
    loading: !current.started,
    loadingMore: current.started && !current.finished,
    applyChange,
  };
}
