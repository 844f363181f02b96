import { useState } from 'react';
import { BIN_RETENTION_DAYS, type UndoImportReply } from '@app/domain';
import { Button, ignoreHandledFailure, Modal, ModalFooter } from '@app/platform';
import { undoImport } from '../api/undo-import';

export type UndoImportModalProps = {
  organisationId: string;
  excelId: string;
  fileName: string;
  open: boolean;
  onClose: () => void;
  /** Once the import is undone: what went and what stayed. */
  onUndone: (reply: UndoImportReply) => void;
};

/**
 * "Annuler l'import": asks first, then says how many prospects went to the bin and how many stayed,
 * and why (taken as opportunities, commented, edited).
 */
export function UndoImportModal({
  organisationId,
  excelId,
  fileName,
  open,
  onClose,
  onUndone,
}: UndoImportModalProps) {
  const [working, setWorking] = useState(false);
  const [result, setResult] = useState<UndoImportReply | null>(null);

  const handleConfirm = () => {
    setWorking(true);
    undoImport({ organisationId, excelId }).then(
      (reply) => {
        setWorking(false);
        setResult(reply);
        onUndone(reply);
      },
      (error: unknown) => {
        setWorking(false);
        ignoreHandledFailure(error);
      },
    );
  };

  const handleClose = () => {
    setResult(null);
    onClose();
  };

  return (
    <Modal open={open} title="Annuler l'import" onClose={handleClose}>
      {result ? (
        <>
          <p role="status" className="prospect-files__undo-result">
            {result.message}
          </p>
          <div className="prospect-files__actions">
            <Button onClick={handleClose}>OK</Button>
          </div>
        </>
      ) : (
        <>
          <p>
            Annuler l&apos;import du fichier <strong>{fileName}</strong> ?
          </p>
          <p className="prospect-files__hint">
            Les prospects que personne n&apos;a encore travaillés (ni opportunité, ni commentaire, ni
            modification) seront mis à la corbeille, d&apos;où ils peuvent être restaurés pendant{' '}
            {BIN_RETENTION_DAYS} jours. Les autres restent dans le fichier ; s&apos;il n&apos;en reste aucun,
            le fichier part aussi à la corbeille.
          </p>
          <ModalFooter
            confirmLabel="Annuler l'import"
            onConfirm={handleConfirm}
            confirmVariant="danger"
            confirmDisabled={working}
            onCancel={handleClose}
            className="prospect-files__actions"
          />
        </>
      )}
    </Modal>
  );
}
