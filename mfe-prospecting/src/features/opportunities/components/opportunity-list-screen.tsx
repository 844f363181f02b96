import { useCallback, useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LIST_FILTER_LABELS, LIST_FILTERS, parseListFilter, type ListFilter } from '@app/domain';
import { Button, Tabs, useDocumentTitle } from '@app/platform';
import { OpportunityStateControl } from '../../../components/opportunity-state/opportunity-state-control';
import type { MessageView, OpportunityView } from '@app/domain';
import { useExport } from '../hooks/use-export';
import { useListView } from '../../../hooks/use-list-view';
import { useOpportunityCounts } from '../hooks/use-opportunity-counts';
import { useOpportunityList } from '../../../hooks/use-opportunity-list';
import { toExportFilter } from '../../../utils/list-filter';
import { LIST_TITLES } from '../utils/list-titles';
import { defaultSortOf } from '../../../utils/sort-options';
import { withPostedMessage } from '../utils/with-posted-message';
import { OpportunityListView } from './opportunity-list-view';
import { TwoColumnScreen } from './two-column-screen';
import '../../../components/opportunities.css';

/** `?vue=colonnes` on the todo and waiting lists shows the two columns (docs/decisions/opportunity-list.md). */
export const COLUMNS_VIEW = 'colonnes';
/** The top bar's search box opens `…/list/all?search=<terme>` (docs/decisions/navigation.md). */
export const SEARCH_PARAM = 'search';

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
      <FilteredList key={current} filter={current} onStateChanged={counts.refresh} />
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
                <span className="opportunity-tab__count">{counts[id].toLocaleString('fr-FR')}</span>
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

function FilteredList({ filter, onStateChanged }: FilteredListProps) {
  const [params, setParams] = useSearchParams();
  const requestedSearch = params.get(SEARCH_PARAM);
  const list = useOpportunityList(filter);
  const view = useListView(list.items, defaultSortOf(filter), filter, {
    keepForSession: true,
    requestedSearch,
  });
  const exporter = useExport();
  const { applyChange } = list;
  const { setSearch } = view;

  // The top bar's search replaces the list's, then leaves the address: the history entry is the
  // plain list, so coming back to it shows what the user did after, kept for the session.
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

  const handleChanged = useCallback(
    (opportunity: OpportunityView, message?: MessageView) => {
      applyChange(withPostedMessage(opportunity, message));
      onStateChanged();
    },
    [applyChange, onStateChanged],
  );
  const handleExport = () => exporter.start(toExportFilter(filter, view.search, view.selection));

  return (
    <OpportunityListView
      view={view}
      listType={filter}
      loading={list.loading}
      loadingMore={list.loadingMore}
      label={`Opportunités : ${LIST_FILTER_LABELS[filter]}`}
      renderStrip={(opportunity) => (
        <OpportunityStateControl
          opportunity={opportunity}
          onChanged={handleChanged}
          layout="strip"
          shortcuts
        />
      )}
      tools={
        <>
          <Button variant="secondary" onClick={handleExport} disabled={exporter.exporting || list.loading}>
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
      }
    />
  );
}
