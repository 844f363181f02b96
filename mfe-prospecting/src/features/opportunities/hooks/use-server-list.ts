import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  FILTER_KINDS,
  type FacetCounts,
  type FacetSelection,
  type FilterKind,
  type ListFilter,
  type OpportunityView,
  type OpportunityWindow,
} from '@app/domain';
import {
  callQuietly,
  ignoreHandledFailure,
  saveOpportunityIds,
  showQuietFailure,
  useLiveChange,
  useSessionStore,
} from '@app/platform';
import { listWindow, type ListWindowInput } from '../api/list-window';
import type { ListRows } from '../components/opportunity-cards';
import type { FacetOptions } from '../../../utils/list-view-state';
import { choicesOf } from '../../../hooks/use-list-choices';
import { savedListViewKey } from '../../../utils/saved-list-view';
import { defaultSortOf } from '../../../utils/sort-options';
import type { SortDirection } from '../../../utils/sort-items';

/** Cards asked per call: a phone shows 3, a desktop about 5; the rest are there for the scroll. */
export const WINDOW_SIZE = 50;
/** The ids are written to local storage once the list has settled, not on every keystroke. */
const SAVE_IDS_DELAY_MS = 250;

export type ServerListQuery = { search: string; sort: SortDirection; selection: FacetSelection };

export type ServerList = {
  rows: ListRows;
  /** null until the first answer. */
  total: number | null;
  counts: FacetCounts;
  options: FacetOptions;
  /** A card changed an opportunity: the list and its counts are asked again. */
  refresh: () => void;
};

/** What was answered for one query: its length, the cards received by position, and the counts. */
type Answered = {
  key: string;
  total: number;
  rows: ReadonlyMap<number, OpportunityView>;
  counts: FacetCounts | null;
  options: FacetOptions | null;
  /**
   * Windows shown from the previous answer of the same query (before a refresh): kept on screen,
   * and asked again as they come into view, so a refreshed list neither blanks nor jumps.
   */
  stale: ReadonlySet<number>;
};

/** The query of a key, without the refresh count. */
const queryOfKey = (key: string) => JSON.stringify((JSON.parse(key) as unknown[]).slice(0, -1));

const windowsOf = (rows: ReadonlyMap<number, unknown>) =>
  new Set([...rows.keys()].map((position) => Math.floor(position / WINDOW_SIZE) * WINDOW_SIZE));

const NO_COUNTS = Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map()])) as FacetCounts;
const NO_OPTIONS = Object.fromEntries(FILTER_KINDS.map((kind) => [kind, []])) as unknown as FacetOptions;

function filterOf(state: ListFilter, { search, selection }: ServerListQuery): ListWindowInput['filter'] {
  const filter: ListWindowInput['filter'] = { state };
  if (search.trim() !== '') filter.search = search;
  for (const kind of FILTER_KINDS) if (selection[kind].length > 0) filter[kind] = [...selection[kind]];
  return filter;
}

/** What a list asks for its query: the organisation, filter body, order, counts, and refresh count. */
function keyOf(
  organisationId: string | null,
  filter: ListFilter,
  query: ServerListQuery,
  withFacets: boolean,
  version: number,
): string {
  return JSON.stringify([organisationId, filterOf(filter, query), query.sort, withFacets, version]);
}

/** The body of the call for a window of a key's list. */
function inputOf(
  organisationId: string,
  key: string,
  start: number,
  facets: boolean,
  optionsKnown?: string,
): ListWindowInput {
  const [, body, sort] = JSON.parse(key) as [string, ListWindowInput['filter'], SortDirection];
  return {
    organisationId,
    filter: body,
    sort,
    startId: start,
    endId: start + WINDOW_SIZE,
    ...(facets ? { facets: true } : {}),
    ...(facets && optionsKnown !== undefined ? { optionsKnown } : {}),
  };
}

/** The tab's options last received, with their tag: the server is told, and leaves them out. */
type HeldOptions = { organisationId: string; tag: string; options: FacetOptions };

/** First windows asked before the screen was drawn (`startFirstWindow`), by `key@start`. */
const early = new Map<string, Promise<OpportunityWindow>>();

/**
 * The page was opened on a list: its first window is asked alongside the session check and the tabs'
 * counts, before the screen is drawn (the screen's first ask takes it), with the choices the screen
 * will open with (kept for the session, or the address's search). A tab found small by its count then
 * loads whole and never takes it. Its failure is shown only by a screen that takes it.
 */
export function startFirstWindow(filter: ListFilter, organisationId: string, requestedSearch: string | null) {
  const choices = choicesOf(savedListViewKey(organisationId, filter), defaultSortOf(filter), requestedSearch);
  const anyTicked = FILTER_KINDS.some((kind) => choices.selection[kind].length > 0);
  // The filter panel opens closed: counts only when an option is ticked (as useServerList asks).
  const key = keyOf(organisationId, filter, choices, anyTicked, 0);
  const flight = `${key}@0`;
  if (early.has(flight)) return;
  const answer = callQuietly(() => listWindow(inputOf(organisationId, key, 0, anyTicked)));
  // Not shown if no screen takes it; the screen taking it shows it.
  answer.catch(() => undefined);
  early.set(flight, answer);
}

/** The first window asked early for this flight, if any; the others are no longer wanted. */
function takeEarly(flight: string): Promise<OpportunityWindow> | undefined {
  const answer = early.get(flight);
  early.clear();
  return answer;
}

/**
 * A list searched, filtered, counted and sorted by the server (/api/opportunity/listWindow), for
 * organisations too large to load whole (docs/decisions/opportunity-list.md, "Server-side list"):
 * the first window is asked at each change of the query, the others as the cards scroll into view
 * (`rows.want`). What was shown stays until the new answer arrives; an answer to an older query is
 * dropped. `withFacets`: the filter panel is open, so the option counts are asked too.
 */
export function useServerList(filter: ListFilter, query: ServerListQuery, withFacets: boolean): ServerList {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [version, setVersion] = useState(0);
  const key = keyOf(organisationId, filter, query, withFacets, version);
  const [answered, setAnswered] = useState<Answered | null>(null);
  /** The query asked last: an answer to another one is dropped. */
  const latest = useRef(key);
  const inFlight = useRef(new Set<string>());
  const held = useRef<HeldOptions | null>(null);
  // Another organisation's answer is never shown.
  const current =
    answered && answered.key.startsWith(JSON.stringify([organisationId]).slice(0, -1)) ? answered : null;

  const ask = useCallback(
    (askKey: string, start: number, facets: boolean) => {
      if (!organisationId) return;
      const flight = `${askKey}@${start}`;
      if (inFlight.current.has(flight)) return;
      inFlight.current.add(flight);
      const asked = takeEarly(flight);
      const known = held.current?.organisationId === organisationId ? held.current : null;
      (asked ?? listWindow(inputOf(organisationId, askKey, start, facets, known?.tag))).then(
        (reply) => {
          inFlight.current.delete(flight);
          // The options left out are the ones held (same tag); new ones are held from now on.
          let answeredOptions: FacetOptions | null = null;
          if (reply.options && reply.optionsTag !== undefined) {
            held.current = { organisationId, tag: reply.optionsTag, options: reply.options };
            answeredOptions = reply.options;
          } else if (reply.options) answeredOptions = reply.options;
          else if (known && reply.optionsTag === known.tag) answeredOptions = known.options;
          if (latest.current !== askKey) return;
          setAnswered((previous) => {
            const same = previous?.key === askKey;
            const refreshed = !same && previous !== null && queryOfKey(previous.key) === queryOfKey(askKey);
            const rows = new Map(same || refreshed ? previous.rows : []);
            const stale = new Set(same ? previous.stale : refreshed ? windowsOf(previous.rows) : []);
            stale.delete(start);
            reply.opportunitys.forEach((opportunity, index) => rows.set(start + index, opportunity));
            const counts = reply.counts
              ? (Object.fromEntries(
                  FILTER_KINDS.map((kind) => [kind, new Map(reply.counts?.[kind] ?? [])]),
                ) as Record<FilterKind, Map<string, number>>)
              : same || refreshed
                ? previous.counts
                : null;
            const options = answeredOptions ?? (same || refreshed ? previous.options : null);
            return { key: askKey, total: reply.total, rows, counts, options, stale };
          });
        },
        (error: unknown) => {
          inFlight.current.delete(flight);
          // A window asked early was quiet until taken: this screen shows its failure.
          if (asked) showQuietFailure(error);
          ignoreHandledFailure(error);
        },
      );
    },
    [organisationId],
  );

  useEffect(() => {
    latest.current = key;
    ask(key, 0, withFacets);
  }, [ask, key, withFacets]);

  const want = useCallback(
    (start: number, end: number) => {
      if (!current || current.key !== latest.current) return;
      for (let block = Math.floor(start / WINDOW_SIZE); block * WINDOW_SIZE < end; block += 1) {
        const first = block * WINDOW_SIZE;
        if (first >= current.total) break;
        if (!current.rows.has(first) || current.stale.has(first)) ask(current.key, first, false);
      }
    },
    [ask, current],
  );

  // The detail page's arrows walk the cards loaded, in the list's order (SPEC: the loaded ids).
  useEffect(() => {
    if (!current) return undefined;
    const timer = window.setTimeout(() => {
      const ids = [...current.rows.entries()].sort(([a], [b]) => a - b).map(([, item]) => item._id);
      saveOpportunityIds(filter, ids);
    }, SAVE_IDS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [filter, current]);

  const rows = useMemo<ListRows>(
    () => ({ count: current?.total ?? 0, at: (index) => current?.rows.get(index), want }),
    [current, want],
  );
  const refresh = useCallback(() => setVersion((value) => value + 1), []);
  // A colleague changed opportunities: the same query is asked again, in place (see `stale`).
  useLiveChange(refresh, ['opportunities']);
  return {
    rows,
    total: current?.total ?? null,
    counts: current?.counts ?? NO_COUNTS,
    options: current?.options ?? NO_OPTIONS,
    refresh,
  };
}
