import { Button } from './button';

export type ModalFooterProps = {
  /** The confirming button's text: 'Enregistrer', 'Confirmer', 'Supprimer'… */
  confirmLabel: string;
  /** Without it, the confirming button submits the form the footer sits in. */
  onConfirm?: () => void;
  /** 'danger' for what cannot be undone. */
  confirmVariant?: 'primary' | 'danger';
  confirmDisabled?: boolean;
  onCancel: () => void;
  cancelVariant?: 'secondary' | 'ghost';
  cancelDisabled?: boolean;
  /** The form's first problem, announced (role="alert") just above the buttons. */
  error?: string | null;
  /** Lets a field point at the error with aria-describedby. */
  errorId?: string;
  /** The remote's own spacing of the buttons row and of the error. */
  className?: string;
  errorClassName?: string;
};

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** The bottom of a modal or dialog form: its error, then 'Annuler' and the confirming button. */
export function ModalFooter({
  confirmLabel,
  onConfirm,
  confirmVariant = 'primary',
  confirmDisabled,
  onCancel,
  cancelVariant = 'secondary',
  cancelDisabled,
  error,
  errorId,
  className,
  errorClassName,
}: ModalFooterProps) {
  return (
    <>
      {error ? (
        <p id={errorId} className={classes('ui-modal__error', errorClassName)} role="alert">
          {error}
        </p>
      ) : null}
      <div className={classes('ui-modal__footer', className)}>
        <Button variant={cancelVariant} onClick={onCancel} disabled={cancelDisabled}>
          Annuler
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={confirmVariant}
          onClick={onConfirm}
          disabled={confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
