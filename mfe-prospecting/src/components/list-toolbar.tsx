import { useId, type ReactNode } from 'react';
import { Button, Select } from '@app/platform';
import type { SortDirection } from '../utils/sort-items';
import type { SortOption } from '../utils/sort-options';

export type ListToolbarProps = {
  search: string;
  onSearch: (search: string) => void;
  sort: SortDirection;
  sortOptions: readonly SortOption[];
  onSort: (sort: SortDirection) => void;
  /** How many filter options are ticked (shown on the button). */
  filterCount: number;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters: () => void;
  /** Extra controls (export, view switch). */
  children?: ReactNode;
};

/** Search "Rechercher", sort, and the button that opens the filters with the count of ticked options. */
export function ListToolbar({
  search,
  onSearch,
  sort,
  sortOptions,
  onSort,
  filterCount,
  filtersOpen,
  filtersId,
  onToggleFilters,
  children,
}: ListToolbarProps) {
  const searchId = useId();
  return (
    <div className="opportunity-toolbar">
      <div className="opportunity-toolbar__search">
        <label htmlFor={searchId} className="opportunity-sr-only">
          Rechercher
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Rechercher"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <Button
        variant={filterCount > 0 ? 'primary' : 'secondary'}
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={onToggleFilters}
        className="opportunity-toolbar__filters"
      >
        Filtres
        {filterCount > 0 && (
          <>
            {' '}
            <span className="opportunity-toolbar__count">{filterCount}</span>
          </>
        )}
      </Button>
      <Select
        label="Trier"
        className="opportunity-toolbar__sort"
        value={sort}
        options={sortOptions}
        onChange={(value) => onSort(value === 'asc' ? 'asc' : 'desc')}
      />
      {children}
    </div>
  );
}
