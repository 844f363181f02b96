import { useState } from 'react';
import { displayValue, SIRET_FLAG_LABEL } from '@app/domain';
import { VirtualTable } from '../../../components/virtual-table';
import type { AddOpportunity } from '../hooks/use-add-opportunity';
import type { ProspectPages } from '../hooks/use-prospect-pages';
import type { ProspectRow } from '../types/prospect-file';
import { countExtraFields, parseExtraFields, type ExtraFields } from '../utils/extra-fields';
import { ExtraFieldsModal } from './extra-fields-modal';
import { ProspectAction } from './prospect-action';
import { ProspectCell } from './prospect-cell';

export const PROSPECT_ROW_HEIGHT = 44;
/** A prospect as a card under 768 px (prospect-files.css draws it this tall, its gap included). */
export const PROSPECT_CARD_HEIGHT = 316;
/** Beside the company name of a prospect whose SIRET is invalid (length or check digit). */
export const SIRET_FLAG = SIRET_FLAG_LABEL;
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
  /** For a role holding "Supprimer un prospect": moves one to the bin. */
  onDelete?: (prospect: ProspectRow) => void;
};

type Shown = { prospectName: string; extra: ExtraFields };

/**
 * A file's prospects, virtualized: only the visible rows (plus a few) are in the page, and their
 * pages are fetched as the user scrolls (docs/decisions/prospect-files-screens.md).
 */
export function ProspectsTable({ fileName, pages, opportunities, onDelete }: ProspectsTableProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [extraOpen, setExtraOpen] = useState(false);

  const handleShowExtra = (prospect: ProspectRow, extra: ExtraFields) => {
    setShown({ prospectName: displayValue(prospect.prospect), extra });
    setExtraOpen(true);
  };

  const renderCells = (prospect: ProspectRow) => {
    const extra = parseExtraFields(prospect.value);
    const extraCount = countExtraFields(extra);
    return [
      <ProspectAction
        key="action"
        state={opportunities.stateOf(prospect)}
        adding={opportunities.isAdding(prospect)}
        prospectName={displayValue(prospect.prospect)}
        onAdd={() => opportunities.add(prospect)}
        {...(onDelete ? { onDelete: () => onDelete(prospect) } : {})}
      />,
      extraCount > 0 ? (
        <button
          key="com"
          type="button"
          className="prospect-extra-count"
          aria-label={`${extraCount} ${extraCount > 1 ? 'informations complémentaires' : 'information complémentaire'}`}
          onClick={() => handleShowExtra(prospect, extra)}
        >
          {extraCount}
        </button>
      ) : (
        <span key="com" className="prospect-table__none" title="Aucune information complémentaire">
          <span aria-hidden="true">–</span>
          <span className="prospect-files__sr-only">Aucune information complémentaire</span>
        </span>
      ),
      <ProspectCell key="user" value={prospect.username} />,
      <ProspectCell
        key="prospect"
        value={prospect.prospect}
        strong
        flag={prospect.siretFlagged ? SIRET_FLAG : undefined}
      />,
      <ProspectCell key="enseigne" value={prospect.enseigne} />,
      <ProspectCell key="cp" value={prospect.codePostale} />,
      <ProspectCell key="ville" value={prospect.ville} />,
      <ProspectCell key="adresse" value={prospect.adresseComplete} />,
      <ProspectCell key="site" value={prospect.site} link="site" />,
      <ProspectCell key="telephone" value={prospect.telephone} link="phone" />,
    ];
  };

  return (
    <>
      <VirtualTable
        label={`Prospects du fichier ${fileName}`}
        block="prospect-table"
        columns={COLUMNS}
        rows={pages}
        rowHeight={PROSPECT_ROW_HEIGHT}
        cardHeight={PROSPECT_CARD_HEIGHT}
        renderCells={renderCells}
        fetchIntervalMs={FETCH_INTERVAL_MS}
      />
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
