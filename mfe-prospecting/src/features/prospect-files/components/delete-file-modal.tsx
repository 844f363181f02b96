import type { ProspectFileRow } from '@app/domain';
import { Modal, ModalFooter } from '@app/platform';

export type DeleteFileModalProps = {
  file: ProspectFileRow | null;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before deleting a file; says that it goes to the bin, whole, for 30 days. */
export function DeleteFileModal({ file, open, deleting, onCancel, onConfirm }: DeleteFileModalProps) {
  return (
    <Modal open={open} title="Supprimer le fichier" onClose={onCancel}>
      <p>
        Voulez-vous vraiment supprimer le fichier <strong>{file?.name}</strong> ?
      </p>
      <p className="prospect-files__hint">
        Le fichier, ses prospects, les opportunités créées à partir de ce fichier et leurs commentaires seront
        mis à la corbeille, d&apos;où ils peuvent être restaurés pendant 30 jours.
      </p>
      <ModalFooter
        confirmLabel="Supprimer"
        onConfirm={onConfirm}
        confirmVariant="danger"
        confirmDisabled={deleting}
        onCancel={onCancel}
        className="prospect-files__actions"
      />
    </Modal>
  );
}
