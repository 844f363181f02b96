import type { OpportunityState } from '@app/domain';
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
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M12 5v14M5 12h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
