import { useId, useMemo, useState, type ReactNode } from 'react';
import { formatNumber, selectedFilterCount, type ListFilter, type OpportunityView } from '@app/domain';
import { Spinner } from '@app/platform';
import type { ListView } from '../../../hooks/use-list-view';
import { SORT_OPTIONS } from '../../../utils/sort-options';
import { FilterPanel } from '../../../components/filter-panel';
import { ListToolbar } from '../../../components/list-toolbar';
import { OpportunityCards, rowsOf, type ListRows } from './opportunity-cards';

export type OpportunityListViewProps = {
  /** The choices, counts and options; `shown` is the list unless `rows` is given. */
  view: Omit<ListView, 'shown'> & { shown?: ListView['shown'] };
  /** The list received window by window from the server (server-side lists). */
  rows?: ListRows;
  /** Told when the filter panel opens or closes (a server-side list then asks for the counts). */
  onFiltersOpenChange?: (open: boolean) => void;
  listType: ListFilter;
  loading: boolean;
  loadingMore: boolean;
  /** Name of the cards' scroll area. */
  label: string;
  renderStrip?: (opportunity: OpportunityView) => ReactNode;
  /** Extra toolbar controls (export, view switch). */
  tools?: ReactNode;
};

/** Toolbar, filters and the virtualized cards of one loaded list: the list screen and each column use it. */
export function OpportunityListView({
  view,
  rows: serverRows,
  onFiltersOpenChange,
  listType,
  loading,
  loadingMore,
  label,
  renderStrip,
  tools,
}: OpportunityListViewProps) {
  const [filtersOpen, setOpen] = useState(false);
  const setFiltersOpen = (open: boolean) => {
    setOpen(open);
    onFiltersOpenChange?.(open);
  };
  const filtersId = useId();
  const filterCount = selectedFilterCount(view.selection);
  const { shown } = view;
  const heldRows = useMemo(() => rowsOf(shown ?? []), [shown]);
  const rows = serverRows ?? heldRows;
  const shownCount = rows.count;

  return (
    <div className="opportunity-list">
      <ListToolbar
        search={view.search}
        onSearch={view.setSearch}
        sort={view.sort}
        sortOptions={SORT_OPTIONS}
        onSort={view.setSort}
        filterCount={filterCount}
        filtersOpen={filtersOpen}
        filtersId={filtersId}
        onToggleFilters={() => setFiltersOpen(!filtersOpen)}
      >
        {tools}
      </ListToolbar>
      {filtersOpen && (
        <FilterPanel
          id={filtersId}
          selection={view.selection}
          counts={view.counts}
          options={view.options}
          onToggle={view.toggle}
          onClear={view.clear}
          onClose={() => setFiltersOpen(false)}
        />
      )}
      <p className="opportunity-list__summary" aria-live="polite">
        {loading ? '' : `${formatNumber(shownCount)} opportunité${shownCount > 1 ? 's' : ''}`}
        {loadingMore && (
          <span className="opportunity-list__more">
            <Spinner label="Chargement de la suite…" />
            <span aria-hidden="true">chargement de la suite…</span>
          </span>
        )}
      </p>
      {loading ? (
        <div className="opportunity-list__loading">
          <Spinner label="Chargement des opportunités" />
        </div>
      ) : shownCount === 0 ? (
        <p className="prospecting-empty">Aucun résultat</p>
      ) : (
        <OpportunityCards
          rows={rows}
          listType={listType}
          label={label}
          renderStrip={renderStrip}
          savedKey={view.savedKey}
          complete={!loadingMore}
        />
      )}
    </div>
  );
}
