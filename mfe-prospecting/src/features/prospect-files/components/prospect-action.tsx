import type { OpportunityState } from '@app/domain';
import { LineIcon } from './line-icon';
import { StateIcon } from './state-icon';

export type ProspectActionProps = {
  state: OpportunityState | null;
  adding: boolean;
  prospectName: string;
  onAdd: () => void;
  /** Present for a role holding "Supprimer un prospect": a button that moves it to the bin. */
  onDelete?: () => void;
};

/**
 * The Action column: an add button on a free prospect, else the icon of its opportunity's state;
 * then, for who may, the button that moves it to the bin.
 */
export function ProspectAction({ state, adding, prospectName, onAdd, onDelete }: ProspectActionProps) {
  const remove = onDelete && (
    <button
      type="button"
      className="prospect-delete"
      aria-label={`Supprimer ${prospectName}`}
      title="Mettre à la corbeille"
      onClick={onDelete}
    >
      <LineIcon name="bin" size={16} />
    </button>
  );
  if (state)
    return (
      <>
        <StateIcon state={state} />
        {remove}
      </>
    );
  const add = (
    <button
      type="button"
      className="prospect-add"
      aria-label="Ajouter comme opportunité"
      title={`Ajouter ${prospectName} comme opportunité`}
      disabled={adding}
      onClick={onAdd}
    >
      <LineIcon name="add" size={16} />
    </button>
  );
  return (
    <>
      {add}
      {remove}
    </>
  );
}
