import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** SPEC.md §9: the fade-out of a modal lasts 200 ms. */
export const MODAL_FADE_OUT_MS = 200;

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

type Phase = 'open' | 'closing' | 'closed';

/** Keeps the modal mounted during its fade-out, then unmounts it. */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed');
  const [wasOpen, setWasOpen] = useState(open);
  const dialog = useRef<HTMLDivElement>(null);

  if (open !== wasOpen) {
    setWasOpen(open);
    setPhase(open ? 'open' : 'closing');
  }

  useEffect(() => {
    if (phase !== 'closing') return undefined;
    const timer = window.setTimeout(() => setPhase('closed'), MODAL_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'open') dialog.current?.focus();
  }, [phase]);

  const mounted = phase !== 'closed';
  const closing = phase === 'closing';
  if (!mounted) return null;
  return createPortal(
    <div
      className={closing ? 'ui-modal-backdrop ui-modal-backdrop--closing' : 'ui-modal-backdrop'}
      onClick={onClose}
    >
      <div
        ref={dialog}
        className="ui-modal"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <header className="ui-modal__header">
          <h2>{title}</h2>
          <button type="button" className="ui-modal__close" aria-label="Fermer" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="ui-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
