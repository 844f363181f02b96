import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from './focus-trap';

/** SPEC.md §9: the fade-out of a modal lasts 200 ms. */
export const MODAL_FADE_OUT_MS = 200;

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

type Phase = 'open' | 'closing' | 'closed';

/**
 * A dialog for keyboard users too: focus moves into it when it opens, Tab and Shift+Tab cycle inside
 * it, Escape closes it, and focus goes back to what opened it. It stays mounted during its fade-out.
 * Under 768 px it is a full-height sheet whose footer stays above the on-screen keyboard
 * (ui.css, docs/decisions/phone-layout.md).
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed');
  const [wasOpen, setWasOpen] = useState(open);
  const dialog = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

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
    if (phase === 'open') {
      opener.current = document.activeElement;
      dialog.current?.focus();
    } else if (phase === 'closing') {
      const previous = opener.current;
      opener.current = null;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    }
  }, [phase]);

  const mounted = phase !== 'closed';
  useVisualViewportBox(backdrop, mounted);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      onClose();
      return;
    }
    if (dialog.current) keepTabInside(event, dialog.current);
  };

  const closing = phase === 'closing';
  if (!mounted) return null;
  return createPortal(
    <div
      ref={backdrop}
      className={closing ? 'ui-modal-backdrop ui-modal-backdrop--closing' : 'ui-modal-backdrop'}
      onClick={onClose}
    >
      <div
        ref={dialog}
        className="ui-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={handleKeyDown}
      >
        <header className="ui-modal__header">
          <h2 id={titleId}>{title}</h2>
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

/**
 * Gives the backdrop the visible part of the page (`--ui-viewport-height`, `--ui-viewport-top`): where the
 * on-screen keyboard only shrinks the visual viewport (Safari, Chrome without `interactive-widget`), the
 * sheet is sized to what is left above the keyboard, so its sticky footer and buttons stay in reach.
 */
function useVisualViewportBox(target: RefObject<HTMLDivElement | null>, active: boolean) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return undefined;
    const update = () => {
      target.current?.style.setProperty('--ui-viewport-height', `${viewport.height}px`);
      target.current?.style.setProperty('--ui-viewport-top', `${viewport.offsetTop}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [target, active]);
}
