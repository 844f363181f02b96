import { useId, useState, type FormEvent } from 'react';
import { commentSchema, firstErrorMessage, type CommentData } from '@app/domain';
import { Modal, ModalFooter } from '@app/platform';
import type { StatusView } from '../../types/opportunity-view';
import { StatusChoice } from './status-choice';

export type WaitingCommentModalProps = {
  open: boolean;
  statuses: readonly StatusView[];
  saving: boolean;
  onSubmit: (comment: CommentData) => void;
  onCancel: () => void;
};

/** Going to WAITING: a comment and its status, both required (SPEC §5). */
export function WaitingCommentModal({
  open,
  statuses,
  saving,
  onSubmit,
  onCancel,
}: WaitingCommentModalProps) {
  return (
    <Modal open={open} title="Commentaire et statut" onClose={onCancel}>
      {/* Remounted at each opening so the form starts empty. */}
      {open && <CommentForm statuses={statuses} saving={saving} onSubmit={onSubmit} onCancel={onCancel} />}
    </Modal>
  );
}

function CommentForm({ statuses, saving, onSubmit, onCancel }: Omit<WaitingCommentModalProps, 'open'>) {
  const [message, setMessage] = useState('');
  const [statusId, setStatusId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { message, statusId };
    const problem = firstErrorMessage(commentSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onSubmit(commentSchema.parse(input));
  };

  return (
    <form className="state-comment" onSubmit={handleSubmit} noValidate>
      <div className="ui-field">
        <label htmlFor={textId}>Commentaire</label>
        <textarea
          id={textId}
          rows={4}
          value={message}
          placeholder="Commentaire : "
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <StatusChoice statuses={statuses} value={statusId} onChange={setStatusId} />
      <ModalFooter
        confirmLabel="Valider"
        confirmDisabled={saving}
        onCancel={onCancel}
        cancelDisabled={saving}
        error={error}
        className="state-picker__actions"
        errorClassName="state-picker__error"
      />
    </form>
  );
}
