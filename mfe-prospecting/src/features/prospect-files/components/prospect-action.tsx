import type { OpportunityState } from '@app/domain';
import { LineIcon } from './line-icon';
import { StateIcon } from './state-icon';

export type ProspectActionProps = {
  state: OpportunityState | null;
  adding: boolean;
  prospectName: string;
  onAdd: () => void;
};

/** The Action column: an add button on a free prospect, else the icon of its opportunity's state. */
export function ProspectAction({ state, adding, prospectName, onAdd }: ProspectActionProps) {
  if (state) return <StateIcon state={state} />;
  return (
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
}
