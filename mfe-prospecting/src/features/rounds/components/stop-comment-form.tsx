import { useId, useState, type FormEvent } from 'react';
import { chatMessageSchema, firstErrorMessage, type StatusView } from '@app/domain';
import { Button } from '@app/platform';
import { StatusChoice } from '../../../components/opportunity-state/status-choice';

export type StopCommentFormProps = {
  statuses: readonly StatusView[];
  onSubmit: (comment: { message: string; statusId: string }) => Promise<void>;
  onCancel: () => void;
};

/** A comment with its status, checked as the detail page's chat checks it (status first, SPEC §5). */
export function StopCommentForm({ statuses, onSubmit, onCancel }: StopCommentFormProps) {
  const [statusId, setStatusId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textId = useId();
  const errorId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { statusId, message };
    const problem = firstErrorMessage(chatMessageSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit(chatMessageSchema.parse(input));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="my-day-form" onSubmit={handleSubmit} noValidate aria-label="Commenter">
      <StatusChoice
        statuses={statuses}
        value={statusId}
        onChange={setStatusId}
        legend="Statut du commentaire"
      />
      <div className="ui-field">
        <label htmlFor={textId}>Commentaire</label>
        <textarea
          id={textId}
          rows={3}
          value={message}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {error && (
        <p id={errorId} className="my-day-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="my-day-form__actions">
        <Button type="submit" disabled={saving}>
          Envoyer le commentaire
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
