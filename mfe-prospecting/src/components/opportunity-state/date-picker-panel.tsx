import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { OPPORTUNITY_STATE_BUTTON_LABELS } from '@app/domain';
import { ModalFooter, usePhoneLayout } from '@app/platform';
import type { OpportunityStateChange } from '../../hooks/use-opportunity-state-change';

export type DatePickerPanelProps = { change: OpportunityStateChange };

/**
 * The sub-menu of A Faire, En Attente and Gagné: a datetime-local field and "Validé". Non-modal, so
 * it sits beside the buttons; focus moves into it and Escape closes it.
 */
export function DatePickerPanel({ change }: DatePickerPanelProps) {
  const { step } = change;
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const open = step.kind === 'picker';
  const target = open ? step.target : null;
  // Under 768 px, a sheet along the bottom of the screen: out of the card, which scrolls and moves.
  const phone = usePhoneLayout();

  useEffect(() => {
    if (!target) return undefined;
    const opener = document.activeElement;
    input.current?.focus();
    return () => {
      // Back to the button that opened the picker, unless the flow moved on to a modal.
      if (
        opener instanceof HTMLElement &&
        opener.isConnected &&
        !document.querySelector('[aria-modal="true"]')
      ) {
        opener.focus();
      }
    };
  }, [target]);

  if (step.kind !== 'picker') return null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.submitPicker();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      change.cancel();
    }
  };

  const form = (
    <form
      className="state-picker"
      role="dialog"
      aria-labelledby={titleId}
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      noValidate
    >
      <p id={titleId} className="state-picker__title">
        Passer en « {OPPORTUNITY_STATE_BUTTON_LABELS[step.target]} »
      </p>
      <div className="ui-field">
        <label htmlFor={inputId}>Date</label>
        <input
          ref={input}
          id={inputId}
          type="datetime-local"
          value={step.value}
          min={step.min}
          aria-invalid={step.error ? true : undefined}
          aria-describedby={step.error ? errorId : undefined}
          onChange={(event) => change.setPickerValue(event.target.value)}
        />
      </div>
      <ModalFooter
        confirmLabel="Validé"
        confirmDisabled={change.saving}
        onCancel={change.cancel}
        cancelVariant="ghost"
        cancelDisabled={change.saving}
        error={step.error}
        errorId={errorId}
        className="state-picker__actions"
        errorClassName="state-picker__error"
      />
    </form>
  );
  return phone ? createPortal(form, document.body) : form;
}
