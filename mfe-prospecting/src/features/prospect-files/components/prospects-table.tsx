import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { displayValue } from '@app/domain';
import type { AddOpportunity } from '../hooks/use-add-opportunity';
import type { ProspectPages } from '../hooks/use-prospect-pages';
import type { ProspectRow } from '../types/prospect-file';
import { countExtraFields, parseExtraFields, type ExtraFields } from '../utils/extra-fields';
import { ExtraFieldsModal } from './extra-fields-modal';
import { ProspectAction } from './prospect-action';
import { ProspectCell } from './prospect-cell';

export const PROSPECT_ROW_HEIGHT = 44;
/** Rows rendered above and below the visible ones, so a wheel turn never shows a blank row. */
const OVERSCAN = 12;
/** Rows fetched ahead of the visible window, so the next page is usually there before it is needed. */
const PREFETCH_ROWS = 150;
/** At most one batch of page requests per interval while the user drags the scrollbar. */
const FETCH_INTERVAL_MS = 120;

const COLUMNS = [
  'Action',
  'Com',
  'Utilisateur',
  'Prospect',
  'Enseigne',
  'Code Postal',
  'Ville',
  'Adresse Complete',
  'Site',
  'Téléphone',
] as const;

export type ProspectsTableProps = {
  fileName: string;
  pages: ProspectPages;
  opportunities: AddOpportunity;
};

type Shown = { prospectName: string; extra: ExtraFields };

/**
 * A file's prospects, virtualized: only the visible rows (plus a few) are in the page, and their
 * pages are fetched as the user scrolls (docs/decisions/prospect-files-screens.md).
 */
export function ProspectsTable({ fileName, pages, opportunities }: ProspectsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastFetch = useRef(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [extraOpen, setExtraOpen] = useState(false);
  const total = pages.total ?? 0;

  // The component is not memoised by the compiler; the virtualizer re-renders it on scroll, as intended.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => PROSPECT_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { requestRows } = pages;

  useEffect(() => {
    const wait = Math.max(0, lastFetch.current + FETCH_INTERVAL_MS - Date.now());
    const timer = window.setTimeout(() => {
      lastFetch.current = Date.now();
      requestRows(first - PREFETCH_ROWS, last + PREFETCH_ROWS);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [first, last, requestRows]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  const handleShowExtra = (prospect: ProspectRow, extra: ExtraFields) => {
    setShown({ prospectName: displayValue(prospect.prospect), extra });
    setExtraOpen(true);
  };

  return (
    <>
      <div
        ref={scroller}
        className="prospect-table__scroller"
        tabIndex={0}
        aria-label={`Prospects du fichier ${fileName}`}
        role="region"
      >
        <table className="prospect-table" aria-rowcount={total + 1}>
          <colgroup>
            {COLUMNS.map((column) => (
              <col key={column} className={`prospect-table__col--${columnClass(column)}`} />
            ))}
          </colgroup>
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
              <tr aria-hidden="true" className="prospect-table__spacer" style={{ height: paddingTop }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            )}
            {items.map((item) => {
              const prospect = pages.rowAt(item.index);
              if (!prospect) {
                return (
                  <tr
                    key={item.key}
                    aria-rowindex={item.index + 2}
                    className="prospect-table__row prospect-table__row--loading"
                  >
                    <td colSpan={COLUMNS.length}>Chargement…</td>
                  </tr>
                );
              }
              const extra = parseExtraFields(prospect.value);
              const extraCount = countExtraFields(extra);
              return (
                <tr key={prospect._id} aria-rowindex={item.index + 2} className="prospect-table__row">
                  <td>
                    <ProspectAction
                      state={opportunities.stateOf(prospect)}
                      adding={opportunities.isAdding(prospect)}
                      prospectName={displayValue(prospect.prospect)}
                      onAdd={() => opportunities.add(prospect)}
                    />
                  </td>
                  <td>
                    {extraCount > 0 ? (
                      <button
                        type="button"
                        className="prospect-extra-count"
                        aria-label={`${extraCount} informations complémentaires`}
                        onClick={() => handleShowExtra(prospect, extra)}
                      >
                        {extraCount}
                      </button>
                    ) : (
                      <span className="prospect-table__none" title="Aucune information complémentaire">
                        <span aria-hidden="true">–</span>
                        <span className="prospect-files__sr-only">Aucune information complémentaire</span>
                      </span>
                    )}
                  </td>
                  <ProspectCell value={prospect.username} />
                  <ProspectCell value={prospect.prospect} strong />
                  <ProspectCell value={prospect.enseigne} />
                  <ProspectCell value={prospect.codePostale} />
                  <ProspectCell value={prospect.ville} />
                  <ProspectCell value={prospect.adresseComplete} />
                  <ProspectCell value={prospect.site} link="site" />
                  <ProspectCell value={prospect.telephone} link="phone" />
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true" className="prospect-table__spacer" style={{ height: paddingBottom }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {shown && (
        <ExtraFieldsModal
          open={extraOpen}
          prospectName={shown.prospectName}
          extra={shown.extra}
          onClose={() => setExtraOpen(false)}
        />
      )}
    </>
  );
}

function columnClass(column: (typeof COLUMNS)[number]): string {
  return column.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-');
}
