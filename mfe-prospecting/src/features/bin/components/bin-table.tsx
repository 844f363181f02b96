import { BIN_KIND_LABELS, type BinRow, formatDateTime } from '@app/domain';
import { VirtualTable } from '../../../components/virtual-table';
import type { PagedList } from '../../../hooks/use-paged-list';

export const BIN_ROW_HEIGHT = 52;
/** An item as a card under 768 px (bin.css draws it this tall, its gap included). */
export const BIN_CARD_HEIGHT = 196;

const COLUMNS = ['Élément', 'Type', 'Contenu', 'Supprimé par', 'Supprimé le', 'Action'] as const;

export type BinTableProps = {
  pages: PagedList<BinRow>;
  restoring: ReadonlySet<string>;
  onRestore: (row: BinRow) => void;
};

/** "3 prospects, 1 opportunité, 2 commentaires". */
export function contentsOf(row: BinRow): string {
  const part = (count: number, one: string, many: string) =>
    count === 0 ? '' : `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;
  return (
    [
      part(row.counts.prospects, 'prospect', 'prospects'),
      part(row.counts.opportunities, 'opportunité', 'opportunités'),
      part(row.counts.comments, 'commentaire', 'commentaires'),
    ]
      .filter((text) => text !== '')
      .join(', ') || 'Vide'
  );
}

/** The bin, virtualized and fetched by page as the user scrolls; cards under 768 px. */
export function BinTable({ pages, restoring, onRestore }: BinTableProps) {
  const renderCells = (row: BinRow) => [
    <span key="label" className="bin-table__label">
      {row.label}
    </span>,
    BIN_KIND_LABELS[row.kind],
    contentsOf(row),
    row.deletedByName,
    formatDateTime(row.deletedAt),
    <button
      key="restore"
      type="button"
      className="ui-button ui-button--secondary bin-table__restore"
      aria-label={`Restaurer ${row.label}`}
      disabled={restoring.has(row._id)}
      onClick={() => onRestore(row)}
    >
      Restaurer
    </button>,
  ];

  return (
    <VirtualTable
      label="Éléments de la corbeille"
      block="bin-table"
      columns={COLUMNS}
      rows={pages}
      rowHeight={BIN_ROW_HEIGHT}
      cardHeight={BIN_CARD_HEIGHT}
      renderCells={renderCells}
    />
  );
}
