import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { displayValue } from '@app/domain';
import type { UnassignedPages } from '../hooks/use-unassigned-pages';
import type { UnassignedProspect } from '../types/unassigned-prospect';

export const UNASSIGNED_ROW_HEIGHT = 44;
const OVERSCAN = 12;
/** Rows fetched ahead of the visible window. */
const PREFETCH_ROWS = 150;

const COLUMNS = [
  'Action',
  'Prospect',
  'Enseigne',
  'Code Postal',
  'Ville',
  'Téléphone',
  'Importé par',
] as const;

export type UnassignedTableProps = {
  pages: UnassignedPages;
  taken: ReadonlyMap<string, string>;
  taking: ReadonlySet<string>;
  onTake: (prospect: UnassignedProspect) => void;
};

/** The pool, virtualized and fetched by page as the user scrolls. */
export function UnassignedTable({ pages, taken, taking, onTake }: UnassignedTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const total = pages.total ?? 0;
  // The virtualizer re-renders this component on scroll, as intended.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => UNASSIGNED_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { requestRows } = pages;

  useEffect(() => {
    requestRows(first - PREFETCH_ROWS, last + PREFETCH_ROWS);
  }, [first, last, requestRows]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <div
      ref={scroller}
      className="unassigned-table__scroller"
      tabIndex={0}
      role="region"
      aria-label="Prospects à prendre"
    >
      <table className="unassigned-table" aria-rowcount={total + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
          {items.map((item) => {
            const prospect = pages.rowAt(item.index);
            if (!prospect) {
              return (
                <tr key={item.key} aria-rowindex={item.index + 2} className="unassigned-table__row">
                  <td colSpan={COLUMNS.length}>Chargement…</td>
                </tr>
              );
            }
            const name = displayValue(prospect.prospect);
            const opportunityId = taken.get(prospect._id);
            return (
              <tr key={prospect._id} aria-rowindex={item.index + 2} className="unassigned-table__row">
                <td>
                  {opportunityId ? (
                    <Link to={`/dashboard/opportunity/${encodeURIComponent(opportunityId)}?type=todo`}>
                      Ouvrir
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className="ui-button ui-button--secondary unassigned-table__take"
                      aria-label={`Prendre ${name}`}
                      disabled={taking.has(prospect._id)}
                      onClick={() => onTake(prospect)}
                    >
                      Prendre
                    </button>
                  )}
                </td>
                <td className="unassigned-table__name">{name}</td>
                <td>{displayValue(prospect.enseigne)}</td>
                <td>{displayValue(prospect.codePostale)}</td>
                <td>{displayValue(prospect.ville)}</td>
                <td>{displayValue(prospect.telephone)}</td>
                <td>{displayValue(prospect.username)}</td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
