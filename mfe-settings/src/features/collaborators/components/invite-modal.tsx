import { useId, useState, type FormEvent } from 'react';
import { firstErrorMessage, invitationCreateSchema } from '@app/domain';
import { ignoreHandledFailure, Modal, ModalFooter, notifySuccess, TextField } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { createInvitation } from '../api/create-invitation';

export type InviteModalProps = {
  open: boolean;
  onClose: () => void;
  onInvited: () => void;
};

/** 'Invitez un Collaborateur': one e-mail, checked like the server checks it (SPEC §5). */
export function InviteModal({ open, onClose, onInvited }: InviteModalProps) {
  const { organisationId } = useAccess();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const errorId = useId();

  const handleClose = () => {
    setEmail('');
    setError(null);
    onClose();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = firstErrorMessage(invitationCreateSchema, { invitationEmail: email });
    setError(message);
    if (message || !organisationId) return;
    setSending(true);
    try {
      const reply = await createInvitation({ organisationId, invitationEmail: email.trim() });
      notifySuccess(reply.message || 'Invitation envoyée');
      onInvited();
      handleClose();
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title="Invitez un Collaborateur" onClose={handleClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <p className="settings-hint">
          Votre collègue reçoit un e-mail avec un lien pour rejoindre l’organisation.
        </p>
        <TextField
          label="E-mail du collaborateur"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <ModalFooter
          confirmLabel="Envoyer l’invitation"
          confirmDisabled={sending}
          onCancel={handleClose}
          error={error}
          errorId={errorId}
          className="settings-actions"
          errorClassName="settings-error"
        />
      </form>
    </Modal>
  );
}
