import { useId, useState, type FormEvent } from 'react';
import {
  commentSchema,
  defaultWaitingDate,
  firstErrorMessage,
  OPPORTUNITY_STATE_LABELS,
  OPPORTUNITY_STATES,
  type OpportunityState,
  type StatusView,
} from '@app/domain';
import { Button, Select } from '@app/platform';
import { StatusChoice } from '../../../components/opportunity-state/status-choice';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../utils/datetime-local';
import { waitingDateError } from '../../../utils/waiting-date-error';

export type StateChoice =
  | { state: Exclude<OpportunityState, 'WAITING'> }
  | { state: 'WAITING'; date: number; comment: { message: string; statusId: string } };

export type StopStateFormProps = {
  current: OpportunityState;
  statuses: readonly StatusView[];
  onSubmit: (choice: StateChoice) => Promise<void>;
  onCancel: () => void;
};

/**
 * A stop's new state. "En attente" asks, as on the detail page, for its follow-up date (now + 2 h by
 * default, in the future) and a comment with its status (SPEC §4).
 */
export function StopStateForm({ current, statuses, onSubmit, onCancel }: StopStateFormProps) {
  const [state, setState] = useState<OpportunityState>(current === 'WAITING' ? 'TODO' : 'WAITING');
  const [openedAt] = useState(() => Date.now());
  const [date, setDate] = useState(() => toDateTimeLocal(defaultWaitingDate(openedAt)));
  const [statusId, setStatusId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dateId = useId();
  const commentId = useId();
  const errorId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let choice: StateChoice;
    if (state === 'WAITING') {
      const at = fromDateTimeLocal(date);
      const problem =
        waitingDateError(Number.isNaN(at) ? null : at, Date.now()) ??
        firstErrorMessage(commentSchema, { message, statusId });
      if (problem) {
        setError(problem);
        return;
      }
      choice = { state, date: at, comment: commentSchema.parse({ message, statusId }) };
    } else {
      choice = { state };
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit(choice);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="my-day-form" onSubmit={handleSubmit} noValidate aria-label="Changer l’état">
      <Select
        label="Nouvel état"
        value={state}
        options={OPPORTUNITY_STATES.map((value) => ({ value, label: OPPORTUNITY_STATE_LABELS[value] }))}
        onChange={(value) => {
          setState(value as OpportunityState);
          setError(null);
        }}
      />
      {state === 'WAITING' && (
        <>
          <div className="ui-field">
            <label htmlFor={dateId}>Date de relance</label>
            <input
              id={dateId}
              type="datetime-local"
              value={date}
              min={toDateTimeLocal(openedAt)}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <StatusChoice
            statuses={statuses}
            value={statusId}
            onChange={setStatusId}
            legend="Statut du commentaire"
          />
          <div className="ui-field">
            <label htmlFor={commentId}>Commentaire</label>
            <textarea
              id={commentId}
              rows={3}
              value={message}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
        </>
      )}
      {error && (
        <p id={errorId} className="my-day-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="my-day-form__actions">
        <Button type="submit" disabled={saving}>
          Enregistrer l’état
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
