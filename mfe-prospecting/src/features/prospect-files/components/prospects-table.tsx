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
};

type Shown = { prospectName: string; extra: ExtraFields };

/**
 * A file's prospects, virtualized: only the visible rows (plus a few) are in the page, and their
 * pages are fetched as the user scrolls (docs/decisions/prospect-files-screens.md).
 */
export function ProspectsTable({ fileName, pages, opportunities }: ProspectsTableProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [extraOpen, setExtraOpen] = useState(false);

  const handleShowExtra = (prospect: ProspectRow, extra: ExtraFields) => {
    setShown({ prospectName: displayValue(prospect.prospect), extra });
    setExtraOpen(true);
  };

  const renderCells = (prospect: ProspectRow) => {
    const extra = parseExtraFields(prospect.value);
    const extraCount = countExtraFields(extra);
    return (
      <>
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
              aria-label={`${extraCount} ${extraCount > 1 ? 'informations complémentaires' : 'information complémentaire'}`}
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
        <ProspectCell
          value={prospect.prospect}
          strong
          flag={prospect.siretFlagged ? SIRET_FLAG : undefined}
        />
        <ProspectCell value={prospect.enseigne} />
        <ProspectCell value={prospect.codePostale} />
        <ProspectCell value={prospect.ville} />
        <ProspectCell value={prospect.adresseComplete} />
        <ProspectCell value={prospect.site} link="site" />
        <ProspectCell value={prospect.telephone} link="phone" />
      </>
    );
  };

  return (
    <>
      <VirtualTable
        label={`Prospects du fichier ${fileName}`}
        block="prospect-table"
        columns={COLUMNS}
        rows={pages}
        rowHeight={PROSPECT_ROW_HEIGHT}
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
