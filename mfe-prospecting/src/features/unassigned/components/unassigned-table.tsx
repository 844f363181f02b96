import { Link } from 'react-router-dom';
import { displayValue, SIRET_FLAG_LABEL } from '@app/domain';
import { VirtualTable } from '../../../components/virtual-table';
import type { PagedList } from '../../../hooks/use-paged-list';
import type { UnassignedProspect } from '../types/unassigned-prospect';

export const UNASSIGNED_ROW_HEIGHT = 44;
/** A prospect of the pool as a card under 768 px (unassigned.css draws it this tall, its gap included). */
export const UNASSIGNED_CARD_HEIGHT = 208;

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
  pages: PagedList<UnassignedProspect>;
  taken: ReadonlyMap<string, string>;
  taking: ReadonlySet<string>;
  onTake: (prospect: UnassignedProspect) => void;
};

/** The pool, virtualized and fetched by page as the user scrolls. */
export function UnassignedTable({ pages, taken, taking, onTake }: UnassignedTableProps) {
  const renderCells = (prospect: UnassignedProspect) => {
    const name = displayValue(prospect.prospect);
    const opportunityId = taken.get(prospect._id);
    return [
      opportunityId ? (
        <Link
          key="action"
          className="unassigned-table__open"
          to={`/dashboard/opportunity/${encodeURIComponent(opportunityId)}?type=todo`}
        >
          Ouvrir
        </Link>
      ) : (
        <button
          key="action"
          type="button"
          className="ui-button ui-button--secondary unassigned-table__take"
          aria-label={`Prendre ${name}`}
          disabled={taking.has(prospect._id)}
          onClick={() => onTake(prospect)}
        >
          Prendre
        </button>
      ),
      <span key="name" className="unassigned-table__name">
        {prospect.siretFlagged && (
          <>
            <span className="unassigned-table__flag">{SIRET_FLAG_LABEL}</span>{' '}
          </>
        )}
        {name}
      </span>,
      displayValue(prospect.enseigne),
      displayValue(prospect.codePostale),
      displayValue(prospect.ville),
      displayValue(prospect.telephone),
      displayValue(prospect.username),
    ];
  };

  return (
    <VirtualTable
      label="Prospects à prendre"
      block="unassigned-table"
      columns={COLUMNS}
      rows={pages}
      rowHeight={UNASSIGNED_ROW_HEIGHT}
      cardHeight={UNASSIGNED_CARD_HEIGHT}
      renderCells={renderCells}
    />
  );
}
