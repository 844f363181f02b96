import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BIN_RETENTION_DAYS, hasPermission, PERMISSION } from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  Modal,
  ModalFooter,
  notifySuccess,
  useSessionStore,
} from '@app/platform';
import { deleteOpportunity } from '../api/delete-opportunity';

export type DeleteOpportunityButtonProps = {
  opportunityId: string;
  prospectName: string;
  /** Where to go once it is in the bin (the list the user came from). */
  listPath: string;
};

/** "Supprimer l'opportunité", for a role holding "Supprimer un prospect": asks, then moves it to the bin. */
export function DeleteOpportunityButton({
  opportunityId,
  prospectName,
  listPath,
}: DeleteOpportunityButtonProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!organisationId || !hasPermission(permissions, PERMISSION.DELETE_PROSPECT)) return null;

  const handleConfirm = () => {
    setDeleting(true);
    deleteOpportunity({ organisationId, opportunityId }).then(
      ({ message }) => {
        notifySuccess(message);
        navigate(listPath);
      },
      (error: unknown) => {
        setDeleting(false);
        setOpen(false);
        ignoreHandledFailure(error);
      },
    );
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Supprimer l&apos;opportunité
      </Button>
      <Modal open={open} title="Supprimer l'opportunité" onClose={() => setOpen(false)}>
        <p>
          Mettre l&apos;opportunité <strong>{prospectName}</strong> à la corbeille ?
        </p>
        <p>
          Ses commentaires et son historique partent avec elle ; le prospect redevient disponible dans son
          fichier. Elle peut être restaurée depuis la corbeille pendant {BIN_RETENTION_DAYS} jours.
        </p>
        <ModalFooter
          confirmLabel="Supprimer"
          onConfirm={handleConfirm}
          confirmVariant="danger"
          confirmDisabled={deleting}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
