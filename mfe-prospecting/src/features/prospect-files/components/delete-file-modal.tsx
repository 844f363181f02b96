import type { ProspectFileRow } from '@app/domain';
import { Modal, ModalFooter } from '@app/platform';

export type DeleteFileModalProps = {
  file: ProspectFileRow | null;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before deleting a file; says that the opportunities already made are kept. */
export function DeleteFileModal({ file, open, deleting, onCancel, onConfirm }: DeleteFileModalProps) {
  return (
    <Modal open={open} title="Supprimer le fichier" onClose={onCancel}>
      <p>
        Voulez-vous vraiment supprimer le fichier <strong>{file?.name}</strong> ?
      </p>
      <p className="prospect-files__hint">
        Les prospects non traités seront supprimés. Les opportunités déjà créées à partir de ce fichier sont
        conservées.
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
