import { useState, type FormEvent } from 'react';
import {
  firstErrorMessage,
  IMPORT_ACCESS_LEVELS,
  importTitleSchema,
  isPrivateAccess,
  type ImportAccess,
} from '@app/domain';
import { ignoreHandledFailure, Modal, ModalFooter, Select, TextField, useSessionStore } from '@app/platform';
import { createManualFile } from '../api/create-manual-file';

export type ManualFileModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (excelId: string) => void;
};

const ACCESS_OPTIONS = [
  { value: '', label: 'Choisir…' },
  ...IMPORT_ACCESS_LEVELS.map((access) => ({ value: access, label: access })),
];

/** "Créer une liste manuellement": an empty file, titled and shared like an import (SPEC.md §5). */
export function ManualFileModal({ open, onClose, onCreated }: ManualFileModalProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [title, setTitle] = useState('');
  const [access, setAccess] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleClose = () => {
    setTitle('');
    setAccess('');
    setError(null);
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = firstErrorMessage(importTitleSchema, { title, access: access || undefined });
    setError(message);
    if (message || !organisationId) return;
    setSaving(true);
    createManualFile({
      organisationId,
      name: title.trim(),
      isPrivate: isPrivateAccess(access as ImportAccess),
    }).then(
      ({ excelId }) => {
        setSaving(false);
        handleClose();
        onCreated(excelId);
      },
      (failure: unknown) => {
        setSaving(false);
        ignoreHandledFailure(failure);
      },
    );
  };

  return (
    <Modal open={open} title="Créer une liste manuellement" onClose={handleClose}>
      <form onSubmit={handleSubmit} noValidate>
        <p className="prospect-files__hint">
          Une liste vide, à laquelle vous ajouterez vos prospects au fil de l’eau.
        </p>
        <TextField
          label="Titre"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoComplete="off"
        />
        <Select label="Accès" options={ACCESS_OPTIONS} value={access} onChange={setAccess} />
        <ModalFooter
          confirmLabel="Créer la liste"
          confirmDisabled={saving}
          onCancel={handleClose}
          error={error}
          className="prospect-files__actions"
          errorClassName="prospect-files__error"
        />
      </form>
    </Modal>
  );
}
