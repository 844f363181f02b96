import type { FormEvent, ReactNode } from 'react';
import { ModalFooter } from '@app/platform';

export type DetailFormProps = {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** A save is on its way: neither button can be used. */
  saving: boolean;
  error: string | null;
  children: ReactNode;
};

/** The form of a detail modal: its fields, then the error and Annuler / Enregistrer. */
export function DetailForm({ onSubmit, onCancel, saving, error, children }: DetailFormProps) {
  return (
    <form className="detail-form" onSubmit={onSubmit} noValidate>
      {children}
      <ModalFooter
        confirmLabel="Enregistrer"
        confirmDisabled={saving}
        onCancel={onCancel}
        cancelDisabled={saving}
        error={error}
        className="detail-form__actions"
        errorClassName="detail-error"
      />
    </form>
  );
}
