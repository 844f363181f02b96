import { useId, useState, type FormEvent } from 'react';
import { chatMessageSchema, firstErrorMessage, PERMISSION, type StatusView } from '@app/domain';
import { Button, ignoreHandledFailure, notifySuccess, useSessionStore } from '@app/platform';
import { postMessage } from '../../../api/post-message';
import { StatusChoice } from '../../../components/opportunity-state/status-choice';

export type TodayCommentFormProps = {
  opportunityId: string;
  statuses: readonly StatusView[];
};

/** A status-tagged comment on a follow-up, checked as the detail page's chat checks it (SPEC §5). */
export function TodayCommentForm({ opportunityId, statuses }: TodayCommentFormProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const allowed = useSessionStore((state) => (state.permissions & PERMISSION.COMMENT) !== 0);
  const [statusId, setStatusId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textId = useId();
  const errorId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organisationId) return;
    const input = { statusId, message };
    const problem = firstErrorMessage(chatMessageSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await postMessage({ organisationId, opportunityId, ...chatMessageSchema.parse(input) });
      setMessage('');
      setStatusId('');
      notifySuccess('Commentaire enregistré');
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="today-comment" onSubmit={handleSubmit} noValidate aria-label="Commenter">
      <StatusChoice
        statuses={statuses}
        value={statusId}
        onChange={setStatusId}
        legend="Statut du commentaire"
        disabled={!allowed || saving}
      />
      <label className="today-comment__label" htmlFor={textId}>
        Commentaire
      </label>
      <textarea
        id={textId}
        rows={2}
        placeholder="Commentaire : "
        value={message}
        disabled={!allowed || saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setMessage(event.target.value)}
      />
      {error && (
        <p id={errorId} className="today-comment__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!allowed || saving}>
        Envoyer
      </Button>
    </form>
  );
}
