import { useCallback, useEffect, useRef, useState } from 'react';
import { OPPORTUNITY_PAGE_SIZE, stateOfListFilter, type ListFilter, type OpportunityView } from '@app/domain';
import { ApiError, ignoreHandledFailure, useLiveChange, useSessionStore } from '@app/platform';
import { getOpportunitySilently } from '../api/get-opportunity-silently';
import { getWithFilter } from '../api/get-with-filter';
import { indexOpportunity, type IndexedOpportunity } from '../utils/list-index';
import {
  emptyList,
  listOfRun,
  withCardChange,
  withoutOpportunity,
  withPage,
  withReloaded,
  type LoadedList,
} from '../utils/loaded-list';

/** SPEC §4 and §9: a page request about every 50 ms, one at a time, until `itsFinish`. */
export const PAGE_DELAY_MS = 50;
/** A colleague changed at most this many opportunities: each is read again; more, the list is. */
export const LIVE_READ_ONE_BY_ONE = 20;

export type OpportunityList = {
  /** In the server's order (a card that came in from the other column first). */
  items: readonly IndexedOpportunity[];
  /** Nothing arrived yet: the screen shows its spinner. */
  loading: boolean;
  /** More pages are on their way. */
  loadingMore: boolean;
  /** A card changed the opportunity: update it, drop it when it left this list's state, add it when it came in. */
  applyChange: (opportunity: OpportunityView) => void;
};

/**
 * Loads a list the way SPEC §4 says: by position, 500 at a time, a request every 50 ms counted
 * from the previous request (never two at once: a slow answer delays the next) until `itsFinish`
 * (WAITING answers everything at once). The text of each opportunity is indexed once, as it
 * arrives. Changing organisation (the session store's current one) resets it.
 */
export function useOpportunityList(filter: ListFilter): OpportunityList {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const key = `${organisationId ?? ''}|${filter}`;
  const [loaded, setLoaded] = useState<LoadedList>(() => emptyList(key, 0));
  const current = loaded.key === key ? loaded : emptyList(key, 0);
  const runs = useRef(0);
  /** The load whose items are shown (a background read keeps it): a card change belongs to it. */
  const shownRun = useRef(0);
  /** The ids of the current load, from pages and cards: a list that moved never shows one twice. */
  const seen = useRef(new Set<string>());
  /** Bumped to read the list again in the background (a colleague changed too much of it). */
  const [reloads, setReloads] = useState(0);
  const shownReloads = useRef(reloads);
  const shownKey = useRef(key);

  useEffect(() => {
    if (!organisationId) return undefined;
    let cancelled = false;
    let timer: number | undefined;
    // In the background: the list shown stays, scrolled and filtered, until the new one is whole.
    const background = shownReloads.current !== reloads && shownKey.current === key;
    shownReloads.current = reloads;
    shownKey.current = key;
    const gathered: IndexedOpportunity[] = [];
    runs.current += 1;
    const run = runs.current;
    const ids = new Set<string>();
    if (!background) {
      seen.current = ids;
      shownRun.current = run;
    }
    // Pages come one after the other: their orders follow the earlier pages' (a card put first has
    // a negative one).
    let nextOrder = 0;

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
          const fresh = opportunitys.filter((opportunity) => {
            if (ids.has(opportunity._id)) return false;
            ids.add(opportunity._id);
            return true;
          });
          const indexed = fresh.map((opportunity, index) => indexOpportunity(opportunity, nextOrder + index));
          nextOrder += indexed.length;
          if (background) {
            gathered.push(...indexed);
            if (itsFinish) {
              seen.current = ids;
              setLoaded((previous) => (previous.key === key ? withReloaded(previous, gathered) : previous));
            }
          } else setLoaded((previous) => withPage(listOfRun(previous, key, run), indexed, itsFinish));
          if (!itsFinish) {
            const wait = Math.max(0, PAGE_DELAY_MS - (Date.now() - requestedAt));
            timer = window.setTimeout(() => loadPage(page + 1), wait);
          }
        },
        (error: unknown) => {
          if (cancelled) return;
          if (!background)
            setLoaded((previous) => ({ ...listOfRun(previous, key, run), finished: true, started: true }));
          ignoreHandledFailure(error);
        },
      );
    };
    loadPage(0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [organisationId, filter, key, reloads]);

  const applyChange = useCallback(
    (opportunity: OpportunityView) => {
      const wanted = stateOfListFilter(filter);
      const belongs = wanted === null || opportunity.state === wanted;
      // The card knows its latest state: a page still to come must not show it again, or back. Before
      // the first page it goes into the load on its way, which keeps it when that page comes.
      seen.current.add(opportunity._id);
      setLoaded((previous) =>
        previous.key === key
          ? withCardChange(listOfRun(previous, key, shownRun.current), opportunity, belongs)
          : previous,
      );
    },
    [filter, key],
  );

  // A colleague's change: the few opportunities it names are read again (moved, updated or dropped
  // in place); a larger or unknown change reads the list again in the background.
  useLiveChange(
    ({ opportunityIds }) => {
      if (!organisationId) return;
      if (opportunityIds === null || opportunityIds.length > LIVE_READ_ONE_BY_ONE) {
        setReloads((value) => value + 1);
        return;
      }
      for (const opportunityId of opportunityIds) {
        getOpportunitySilently({ organisationId, opportunityId }).then(
          ({ opportunity }) => applyChange(opportunity),
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 404)
              setLoaded((previous) =>
                previous.key === key ? withoutOpportunity(previous, opportunityId) : previous,
              );
          },
        );
      }
    },
    ['opportunities'],
  );

  return {
    items: current.items,
    loading: !current.started,
    loadingMore: current.started && !current.finished,
    applyChange,
  };
}
