import { Button } from '@app/platform';
import { useMemo, useState } from 'react';
import { type CsvValue, csvText, downloadCsv } from '../utils/download-csv';

export type Column<Row> = {
  key: string;
  label: string;
  /** What the column sorts by and exports. */
  value: (row: Row) => string | number | null;
  /** What the cell shows (the value by default). */
  render?: (row: Row) => string;
  numeric?: boolean;
};

export type SortableTableProps<Row> = {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The CSV's file name, without extension. */
  fileName: string;
  empty?: string;
};

type Sort = { key: string; direction: 'ascending' | 'descending' };

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

function compare(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A report table: each header sorts it (again: the other way), and the table exports as CSV. */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  empty,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.key === sort.key);
    if (!column || !sort) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(column.value(a), column.value(b)));
  }, [rows, columns, sort]);

  const handleSort = (key: string) =>
    setSort((previous) => ({
      key,
      direction: previous?.key === key && previous.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  const handleExport = () => {
    const cells = (row: Row): CsvValue[] => columns.map((column) => column.value(row));
    downloadCsv(
      csvText(
        columns.map((column) => column.label),
        sorted.map(cells),
      ),
      `${fileName}.csv`,
    );
  };

  return (
    <div className="reports-table-block">
      <div className="ui-scroll-x">
        <table className="reports-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort?.key === column.key ? sort.direction : 'none'}
                  className={column.numeric ? 'reports-number' : undefined}
                >
                  <button type="button" className="reports-sort" onClick={() => handleSort(column.key)}>
                    {column.label}
                    <span aria-hidden="true">
                      {sort?.key === column.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{empty ?? 'Aucune donnée pour ces filtres.'}</td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.numeric ? 'reports-number' : undefined}>
                      {column.render ? column.render(row) : String(column.value(row) ?? '—')}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Button variant="secondary" className="reports-export" onClick={handleExport}>
        {`Exporter « ${caption} » en CSV`}
      </Button>
    </div>
  );
}
