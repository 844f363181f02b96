import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  FILTER_KINDS,
  formatNumber,
  LIST_FILTER_LABELS,
  LIST_FILTERS,
  NO_SELECTION,
  parseListFilter,
  type FacetCounts,
  type ListFilter,
} from '@app/domain';
import type { FacetOptions } from '../../../utils/list-view-state';
import { Button, Tabs, useDocumentTitle } from '@app/platform';
import { OpportunityStateControl } from '../../../components/opportunity-state/opportunity-state-control';
import type { MessageView, OpportunityView } from '@app/domain';
import { useExport } from '../hooks/use-export';
import { useListView } from '../../../hooks/use-list-view';
import { useOpportunityCounts, type OpportunityCountsState } from '../hooks/use-opportunity-counts';
import { useServerList } from '../hooks/use-server-list';
import { useListChoices } from '../../../hooks/use-list-choices';
import { useOpportunityList } from '../../../hooks/use-opportunity-list';
import { toExportFilter } from '../../../utils/list-filter';
import { LIST_TITLES } from '../utils/list-titles';
import { defaultSortOf } from '../../../utils/sort-options';
import { withPostedMessage } from '../utils/with-posted-message';
import { OpportunityListView } from './opportunity-list-view';
import { TwoColumnScreen } from './two-column-screen';
import '../../../components/opportunities.css';

import { COLUMNS_VIEW, SEARCH_PARAM, SERVER_LIST_FROM } from './start-opportunity-list';

/** /dashboard/opportunity/list/:filter — anything but the five filters goes to `all`. */
export function OpportunityListScreen() {
  const { filter } = useParams();
  const [params] = useSearchParams();
  const current = parseListFilter(filter);
  useDocumentTitle('Opportunités', current ? LIST_TITLES[current] : undefined);
  const counts = useOpportunityCounts();
  if (!current) return <Navigate to="/dashboard/opportunity/list/all" replace />;
  if (params.get('vue') === COLUMNS_VIEW && (current === 'todo' || current === 'waiting')) {
    return <TwoColumnScreen counts={counts} />;
  }
  return (
    <section className="opportunity-screen">
      <h1 className="ui-page-title">Opportunités</h1>
      <ListTabs current={current} counts={counts.counts} />
      {/* Each tab has its own search, filters and order, kept for the session. */}
      <FilteredList key={current} filter={current} counts={counts} />
    </section>
  );
}

function ListTabs({ current, counts }: { current: ListFilter; counts: Record<ListFilter, number> | null }) {
  const navigate = useNavigate();
  return (
    <Tabs<ListFilter>
      label="Filtre des opportunités"
      tabs={LIST_FILTERS.map((id) => ({
        id,
        label: (
          <>
            {LIST_FILTER_LABELS[id]}
            {counts && (
              <>
                {' '}
                <span className="opportunity-tab__count">{formatNumber(counts[id])}</span>
              </>
            )}
          </>
        ),
      }))}
      selected={current}
      onSelect={(id) => navigate(`/dashboard/opportunity/list/${id}`)}
    />
  );
}

type FilteredListProps = { filter: ListFilter; onStateChanged: () => void };

/** The list loaded whole or served by windows, chosen once from the tab's count. */
function FilteredList({ filter, counts }: { filter: ListFilter; counts: OpportunityCountsState }) {
  const [serverSide, setServerSide] = useState<boolean | null>(null);
  let chosen = serverSide;
  if (chosen === null && (counts.counts || counts.failed)) {
    chosen = counts.counts !== null && counts.counts[filter] >= SERVER_LIST_FROM;
    setServerSide(chosen);
  }
  if (chosen === null)
    return (
      <OpportunityListView
        view={{ ...PENDING_VIEW, shown: [] }}
        listType={filter}
        loading
        loadingMore={false}
        label={`Opportunités : ${LIST_FILTER_LABELS[filter]}`}
      />
    );
  return chosen ? (
    <ServerFilteredList filter={filter} onStateChanged={counts.refresh} />
  ) : (
    <LoadedFilteredList filter={filter} onStateChanged={counts.refresh} />
  );
}

/** The top bar's search replaces the list's, then leaves the address (see below). */
function useRequestedSearch(setSearch: (search: string) => void): string | null {
  const [params, setParams] = useSearchParams();
  const requestedSearch = params.get(SEARCH_PARAM);
  // The history entry is the plain list, so coming back to it shows what the user did after.
  useEffect(() => {
    if (requestedSearch === null) return;
    setSearch(requestedSearch);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requestedSearch, setSearch, setParams]);
  return requestedSearch;
}

/** A large list: searched, filtered, counted and sorted by the server, received by windows. */
function ServerFilteredList({ filter, onStateChanged }: FilteredListProps) {
  const [params] = useSearchParams();
  const choices = useListChoices(defaultSortOf(filter), filter, true, params.get(SEARCH_PARAM));
  useRequestedSearch(choices.setSearch);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const anyTicked = Object.values(choices.selection).some((values) => values.length > 0);
  const list = useServerList(filter, choices, filtersOpen || anyTicked);
  const exporter = useExport();
  const { refresh } = list;
  const handleChanged = useCallback(() => {
    refresh();
    onStateChanged();
  }, [refresh, onStateChanged]);
  const handleExport = () => exporter.start(toExportFilter(filter, choices.search, choices.selection));
  // The same function from one keystroke to the next, so the cards in view (memoised) are not drawn
  // again until the answer changes them.
  const renderStrip = useCallback(
    (opportunity: OpportunityView) => (
      <OpportunityStateControl opportunity={opportunity} onChanged={handleChanged} layout="strip" shortcuts />
    ),
    [handleChanged],
  );
  return (
    <OpportunityListView
      view={{ ...choices, counts: list.counts, options: list.options }}
      rows={list.rows}
      onFiltersOpenChange={setFiltersOpen}
      listType={filter}
      loading={list.total === null}
      loadingMore={false}
      label={`Opportunités : ${LIST_FILTER_LABELS[filter]}`}
      renderStrip={renderStrip}
      tools={
        <ListTools
          filter={filter}
          onExport={handleExport}
          exportDisabled={exporter.exporting || list.total === null}
        />
      }
    />
  );
}

function ListTools({
  filter,
  onExport,
  exportDisabled,
}: {
  filter: ListFilter;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onExport} disabled={exportDisabled}>
        Exporter
      </Button>
      {(filter === 'todo' || filter === 'waiting') && (
        <Link
          className="ui-button ui-button--ghost"
          to={`/dashboard/opportunity/list/todo?vue=${COLUMNS_VIEW}`}
        >
          Vue en deux colonnes
        </Link>
      )}
    </>
  );
}

const PENDING_VIEW = {
  search: '',
  setSearch: () => undefined,
  sort: 'desc' as const,
  setSort: () => undefined,
  selection: NO_SELECTION,
  toggle: () => undefined,
  clear: () => undefined,
  counts: Object.fromEntries(FILTER_KINDS.map((kind) => [kind, new Map<string, number>()])) as FacetCounts,
  options: Object.fromEntries(FILTER_KINDS.map((kind) => [kind, []])) as unknown as FacetOptions,
  savedKey: null,
};

/** A list loaded whole at the spec's cadence, searched, filtered and sorted in the browser. */
function LoadedFilteredList({ filter, onStateChanged }: FilteredListProps) {
  const [params] = useSearchParams();
  const requestedSearch = params.get(SEARCH_PARAM);
  const list = useOpportunityList(filter);
  const view = useListView(list.items, defaultSortOf(filter), filter, {
    keepForSession: true,
    requestedSearch,
  });
  const exporter = useExport();
  const { applyChange } = list;
  const { setSearch } = view;

  useRequestedSearch(setSearch);

  const handleChanged = useCallback(
    (opportunity: OpportunityView, message?: MessageView) => {
      applyChange(withPostedMessage(opportunity, message));
      onStateChanged();
    },
    [applyChange, onStateChanged],
  );
  const handleExport = () => exporter.start(toExportFilter(filter, view.search, view.selection));
  const renderStrip = useCallback(
    (opportunity: OpportunityView) => (
      <OpportunityStateControl opportunity={opportunity} onChanged={handleChanged} layout="strip" shortcuts />
    ),
    [handleChanged],
  );

  return (
    <OpportunityListView
      view={view}
      listType={filter}
      loading={list.loading}
      loadingMore={list.loadingMore}
      label={`Opportunités : ${LIST_FILTER_LABELS[filter]}`}
      renderStrip={renderStrip}
      tools={
        <ListTools
          filter={filter}
          onExport={handleExport}
          exportDisabled={exporter.exporting || list.loading}
        />
      }
    />
  );
}
