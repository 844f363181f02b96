import { OPPORTUNITY_STATE_LABELS, OPPORTUNITY_STATES, type OpportunityState } from '@app/domain';
import type { OpportunityStateChange } from '../../hooks/use-opportunity-state-change';

export type StateShortcutsProps = {
  change: OpportunityStateChange;
  disabled?: boolean;
};

const INITIALS: Record<OpportunityState, string> = { TODO: 'AF', WAITING: 'EA', WIN: 'G', LOOSE: 'P' };

/** Round bubbles that switch to one of the other states through the same flow as the buttons. */
export function StateShortcuts({ change, disabled }: StateShortcutsProps) {
  return (
    <div className="state-shortcuts" role="group" aria-label="Raccourcis d'état">
      {OPPORTUNITY_STATES.filter((state) => state !== change.state).map((state) => (
        <button
          key={state}
          type="button"
          className={`state-shortcut state-shortcut--${state.toLowerCase()}`}
          // The name starts with what is seen: a voice user says "EA" (WCAG 2.5.3).
          aria-label={`${INITIALS[state]} : Passer en ${OPPORTUNITY_STATE_LABELS[state]}`}
          title={`Passer en ${OPPORTUNITY_STATE_LABELS[state]}`}
          disabled={disabled || change.saving}
          onClick={() => change.request(state)}
        >
          <span aria-hidden="true">{INITIALS[state]}</span>
        </button>
      ))}
    </div>
  );
}
