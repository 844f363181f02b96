import { OPPORTUNITY_STATE_BUTTON_LABELS, OPPORTUNITY_STATES, type OpportunityState } from '@app/domain';
import type { OpportunityStateChange } from '../../hooks/use-opportunity-state-change';

export type StateButtonsProps = {
  change: OpportunityStateChange;
  /** 'vertical' for a card's left strip, 'horizontal' for the detail page. */
  orientation?: 'vertical' | 'horizontal';
  disabled?: boolean;
};

const TONES: Record<OpportunityState, string> = {
  TODO: 'todo',
  WAITING: 'waiting',
  WIN: 'win',
  LOOSE: 'loose',
};

/** A Faire, En Attente, Gagné, Perdu: the current state is pressed; each opens its picker or confirmation. */
export function StateButtons({ change, orientation = 'vertical', disabled }: StateButtonsProps) {
  const { step } = change;
  const openTarget = step.kind === 'picker' || step.kind === 'confirm' ? step.target : null;
  return (
    <div
      className={`state-buttons state-buttons--${orientation}`}
      role="group"
      aria-label="État de l'opportunité"
    >
      {OPPORTUNITY_STATES.map((state) => (
        <button
          key={state}
          type="button"
          className={`state-button state-button--${TONES[state]}`}
          aria-pressed={change.state === state}
          aria-haspopup="dialog"
          aria-expanded={openTarget === state}
          disabled={disabled || change.saving}
          onClick={() => change.request(state)}
        >
          {OPPORTUNITY_STATE_BUTTON_LABELS[state]}
        </button>
      ))}
    </div>
  );
}
