import { useState } from 'react';
import { ignoreHandledFailure, Modal, ModalFooter, notifySuccess, Select } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { removeUser } from '../api/remove-user';
import type { Member } from '../types/member';

export type RemoveCollaboratorModalProps = {
  /** The member to remove; null keeps the modal closed. */
  member: Member | null;
  members: readonly Member[];
  onClose: () => void;
  onRemoved: () => void;
};

/** Removing a member: who takes over their opportunities, then a confirmation. */
export function RemoveCollaboratorModal({
  member,
  members,
  onClose,
  onRemoved,
}: RemoveCollaboratorModalProps) {
  const { organisationId, userId } = useAccess();
  const heirs = members.filter((candidate) => candidate._id !== member?._id);
  const defaultHeir = heirs.find((candidate) => candidate._id === userId) ?? heirs[0];
  const [chosen, setChosen] = useState<{ memberId: string; heirId: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const heirId = chosen && chosen.memberId === member?._id ? chosen.heirId : (defaultHeir?._id ?? '');

  const handleConfirm = async () => {
    if (!member || !organisationId || !heirId) return;
    setRemoving(true);
    try {
      const reply = await removeUser({ organisationId, userId: member._id, reassignTo: heirId });
      notifySuccess(reply.message || `${member.username} a été retiré de l’organisation`);
      onRemoved();
      onClose();
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Modal open={member !== null} title="Supprimer un collaborateur" onClose={onClose}>
      <p>
        Voulez-vous vraiment retirer <strong>{member?.username}</strong> de l’organisation ? Il ne pourra plus
        y accéder et sa licence sera libérée.
      </p>
      <Select
        label="Qui reprend ses opportunités ?"
        value={heirId}
        options={heirs.map((heir) => ({ value: heir._id, label: heir.username }))}
        onChange={(value) => setChosen({ memberId: member?._id ?? '', heirId: value })}
      />
      <ModalFooter
        confirmLabel="Supprimer le collaborateur"
        onConfirm={() => void handleConfirm()}
        confirmVariant="danger"
        confirmDisabled={removing || !heirId}
        onCancel={onClose}
        className="settings-actions"
      />
    </Modal>
  );
}
