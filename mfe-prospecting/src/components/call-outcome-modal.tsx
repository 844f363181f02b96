import { useId, useState, type FormEvent } from 'react';
import { chatMessageSchema, firstErrorMessage, type MessageView } from '@app/domain';
import { ignoreHandledFailure, Modal, ModalFooter, notifySuccess, useSessionStore } from '@app/platform';
import { postMessage } from '../api/post-message';
import { useStatuses } from '../hooks/use-statuses';
import { StatusChoice } from './opportunity-state/status-choice';

/** The status chosen when the form opens: the outcome most calls have. */
const DEFAULT_OUTCOME = 'Appel Abouti';

export type CallOutcomeModalProps = {
  open: boolean;
  opportunityId: string;
  /** Who was called, shown in the question. */
  callee: string;
  phone: string;
  onClose: () => void;
  onRecorded?: (message: MessageView) => void;
};

/** After a call from a card, a detail or a stop: its outcome (a comment status) and a comment. */
export function CallOutcomeModal({ open, ...props }: CallOutcomeModalProps) {
  return (
    <Modal open={open} title="Résultat de l’appel" onClose={props.onClose}>
      {/* Remounted at each opening so the form starts afresh. */}
      {open && <CallOutcomeForm {...props} />}
    </Modal>
  );
}

function CallOutcomeForm({
  opportunityId,
  callee,
  phone,
  onClose,
  onRecorded,
}: Omit<CallOutcomeModalProps, 'open'>) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const statuses = useStatuses();
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textId = useId();
  const errorId = useId();
  const statusId = chosen ?? statuses.find((status) => status.name === DEFAULT_OUTCOME)?._id ?? '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { statusId, message: text };
    const problem = firstErrorMessage(chatMessageSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    if (!organisationId) return;
    setError(null);
    setSaving(true);
    try {
      const { message } = await postMessage({
        organisationId,
        opportunityId,
        ...chatMessageSchema.parse(input),
      });
      notifySuccess('Appel enregistré');
      onRecorded?.(message);
      onClose();
    } catch (failure) {
      ignoreHandledFailure(failure);
      setSaving(false);
    }
  };

  return (
    <form className="call-outcome" onSubmit={handleSubmit} noValidate>
      <p>
        Vous avez appelé {callee} ({phone}). Comment s’est passé l’appel ?
      </p>
      <StatusChoice
        statuses={statuses}
        value={statusId}
        onChange={(id) => {
          setChosen(id);
          setError(null);
        }}
        legend="Résultat de l’appel"
      />
      <div className="ui-field">
        <label htmlFor={textId}>Commentaire</label>
        <textarea
          id={textId}
          rows={3}
          value={text}
          placeholder="Commentaire : "
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <ModalFooter
        confirmLabel="Enregistrer l’appel"
        confirmDisabled={saving}
        onCancel={onClose}
        cancelDisabled={saving}
        error={error}
        errorId={errorId}
        className="state-picker__actions"
        errorClassName="state-picker__error"
      />
    </form>
  );
}
