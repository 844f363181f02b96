import { useId, useState, type FormEvent } from 'react';
import { chatMessageSchema, firstErrorMessage, type StatusView } from '@app/domain';
import { Button } from '@app/platform';
import { StatusChoice } from './status-choice';

export type CommentFormProps = {
  statuses: readonly StatusView[];
  /** Saves the checked comment; the form empties itself once it resolves, unless with `false`. */
  onSubmit: (comment: { message: string; statusId: string }) => Promise<boolean | void>;
  submitLabel: string;
  /** The form's class; its error and actions take `<className>__error` and `<className>__actions`. */
  className: string;
  rows: number;
  placeholder?: string;
  disabled?: boolean;
  onCancel?: () => void;
};

/**
 * A status-tagged comment, checked as the detail page's chat checks it (status first, SPEC §5): the
 * follow-ups of "Aujourd'hui" and the stops of "Ma journée" write them.
 */
export function CommentForm({
  statuses,
  onSubmit,
  submitLabel,
  className,
  rows,
  placeholder,
  disabled = false,
  onCancel,
}: CommentFormProps) {
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
      if ((await onSubmit(chatMessageSchema.parse(input))) === false) return;
      setMessage('');
      setStatusId('');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={className} onSubmit={handleSubmit} noValidate aria-label="Commenter">
      <StatusChoice
        statuses={statuses}
        value={statusId}
        onChange={setStatusId}
        legend="Statut du commentaire"
        disabled={disabled || saving}
      />
      <div className="ui-field">
        <label htmlFor={textId}>Commentaire</label>
        <textarea
          id={textId}
          rows={rows}
          placeholder={placeholder}
          value={message}
          disabled={disabled || saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {error && (
        <p id={errorId} className={`${className}__error`} role="alert">
          {error}
        </p>
      )}
      <div className={`${className}__actions`}>
        <Button type="submit" disabled={disabled || saving}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
        )}
      </div>
    </form>
  );
}
