import { usePhoneLayout } from '@app/platform';
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './virtual-table.css';

/** Rows rendered above and below the visible ones, so a wheel turn never shows a blank row. */
const OVERSCAN = 12;
/** Rows fetched ahead of the visible window, so the next page is usually there before it is needed. */
const PREFETCH_ROWS = 150;

/** Rows fetched by page: what a virtual table reads and asks for. */
export type PagedRows<Row> = {
  total: number | null;
  /** The row at `index`, or undefined while its page is on its way. */
  rowAt: (index: number) => Row | undefined;
  /** Fetches the pages covering rows `first`..`last` that are neither cached nor on their way. */
  requestRows: (first: number, last: number) => void;
};

export type VirtualTableProps<Row> = {
  /** The scrolling region's accessible name. */
  label: string;
  /**
   * CSS block: `<block>__scroller`, `<block>__row`, `<block>__spacer`, `<block>__col--<column>`; as
   * cards, `<block>__scroller--cards`, `<block>-cards`, `<block>__card`, `<block>__field--<column>`.
   * Each element also has the `virtual-table` class of the same name, which virtual-table.css draws.
   */
  block: string;
  columns: readonly string[];
  rows: PagedRows<Row>;
  /** In px, as the table's CSS draws a row. */
  rowHeight: number;
  /** In px, as the CSS draws a card (its gap included): under 768 px the rows are cards. */
  cardHeight: number;
  /** What each cell of a loaded row shows, one per column, in the columns' order. */
  renderCells: (row: Row) => readonly ReactNode[];
  /** At most one batch of page requests per interval while the user drags the scrollbar; else at once. */
  fetchIntervalMs?: number;
};

/**
 * A table of many rows, virtualized: only the visible rows (plus a few) are in the page, the others are
 * spacer rows, and `aria-rowcount` / `aria-rowindex` tell assistive technologies where a row sits in the
 * whole list. The region scrolls with the keyboard (it is focusable); pages are fetched as it scrolls.
 * Under 768 px the same rows are a list of cards, each field labelled with its column's header, still
 * virtualized (docs/decisions/phone-layout.md).
 */
export function VirtualTable<Row extends { _id: string }>({
  label,
  block,
  columns,
  rows,
  rowHeight,
  cardHeight,
  renderCells,
  fetchIntervalMs,
}: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastFetch = useRef(0);
  const total = rows.total ?? 0;
  const cards = usePhoneLayout();
  const itemHeight = cards ? cardHeight : rowHeight;

  // The component is not memoised by the compiler; the virtualizer re-renders it on scroll, as intended.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => itemHeight,
    overscan: OVERSCAN,
  });
  // A window turned across the breakpoint: every position moves to the new height.
  useEffect(() => virtualizer.measure(), [virtualizer, itemHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { requestRows } = rows;

  useEffect(() => {
    const request = () => requestRows(first - PREFETCH_ROWS, last + PREFETCH_ROWS);
    if (fetchIntervalMs === undefined) {
      request();
      return undefined;
    }
    const wait = Math.max(0, lastFetch.current + fetchIntervalMs - Date.now());
    const timer = window.setTimeout(() => {
      lastFetch.current = Date.now();
      request();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [first, last, requestRows, fetchIntervalMs]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  if (cards) {
    return (
      <div
        ref={scroller}
        className={`virtual-table__scroller virtual-table__scroller--cards ${block}__scroller ${block}__scroller--cards`}
        tabIndex={0}
        aria-label={label}
        role="region"
      >
        <ul
          className={`virtual-table-cards ${block}-cards`}
          aria-label={label}
          style={{ paddingTop, paddingBottom }}
        >
          {items.map((item) => {
            const row = rows.rowAt(item.index);
            return (
              <li
                key={row?._id ?? item.key}
                className={
                  row
                    ? `virtual-table__card ${block}__card`
                    : `virtual-table__card virtual-table__card--loading ${block}__card ${block}__card--loading`
                }
                aria-setsize={total}
                aria-posinset={item.index + 1}
                style={{ height: cardHeight }}
              >
                {row ? (
                  <dl className={`virtual-table__fields ${block}__fields`}>
                    {renderCells(row).map((content, index) => {
                      const column = columns[index] ?? '';
                      return (
                        <div
                          key={column}
                          className={`${block}__field ${block}__field--${columnClass(column)}`}
                        >
                          <dt>{column}</dt>
                          <dd>{content}</dd>
                        </div>
                      );
                    })}
                  </dl>
                ) : (
                  'Chargement…'
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  const spacer = (height: number) => (
    <tr aria-hidden="true" className={`virtual-table__spacer ${block}__spacer`} style={{ height }}>
      <td colSpan={columns.length} />
    </tr>
  );

  return (
    <div
      ref={scroller}
      className={`virtual-table__scroller ${block}__scroller`}
      tabIndex={0}
      aria-label={label}
      role="region"
    >
      <table className={`virtual-table ${block}`} aria-rowcount={total + 1}>
        <colgroup>
          {columns.map((column) => (
            <col key={column} className={`${block}__col--${columnClass(column)}`} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && spacer(paddingTop)}
          {items.map((item) => {
            const row = rows.rowAt(item.index);
            if (!row) {
              return (
                <tr
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  className={`${block}__row ${block}__row--loading`}
                >
                  <td colSpan={columns.length}>Chargement…</td>
                </tr>
              );
            }
            return (
              <tr key={row._id} aria-rowindex={item.index + 2} className={`${block}__row`}>
                {renderCells(row).map((content, index) => (
                  <td key={columns[index]}>{content}</td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && spacer(paddingBottom)}
        </tbody>
      </table>
    </div>
  );
}

/** 'Code Postal' -> 'code-postal', 'Téléphone' -> 'telephone'. */
function columnClass(column: string): string {
  return column.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-');
}
