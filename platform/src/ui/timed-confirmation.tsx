import { useEffect } from 'react';
import { Modal } from './modal';

/** SPEC.md §9: the save and new-opportunity confirmations stay 2 s (then the modal's 200 ms fade-out). */
export const CONFIRMATION_MS = 2000;

export type TimedConfirmationProps = {
  open: boolean;
  title: string;
  message: string;
  /** Called after 2 s, or when the user closes it first. */
  onDone: () => void;
};

/** A short confirmation in the platform modal (focus, Escape), closing itself after 2 s. */
export function TimedConfirmation({ open, title, message, onDone }: TimedConfirmationProps) {
  useEffect(() => {
    if (!open) return undefined;
    const timer = window.setTimeout(onDone, CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [open, onDone]);
  return (
    <Modal open={open} title={title} onClose={onDone}>
      <p role="status" className="timed-confirmation">
        {message}
      </p>
    </Modal>
  );
}
