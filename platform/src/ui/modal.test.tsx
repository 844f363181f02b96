import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, MODAL_FADE_OUT_MS } from './modal';

test('stays on screen for its 200 ms fade-out after closing, then disappears', () => {
  jest.useFakeTimers();
  const { rerender } = render(
    <Modal open title="Invitez un Collaborateur" onClose={() => undefined}>
      contenu
    </Modal>,
  );
  expect(screen.getByRole('dialog', { name: 'Invitez un Collaborateur' })).toBeInTheDocument();
  rerender(
    <Modal open={false} title="Invitez un Collaborateur" onClose={() => undefined}>
      contenu
    </Modal>,
  );
  act(() => {
    jest.advanceTimersByTime(MODAL_FADE_OUT_MS - 1);
  });
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  act(() => {
    jest.advanceTimersByTime(1);
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  jest.useRealTimers();
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Inviter
      </button>
      <Modal open={open} title="Invitez un Collaborateur" onClose={() => setOpen(false)}>
        <input aria-label="Email" />
        <button type="button">Envoyer</button>
      </Modal>
    </>
  );
}

test('keyboard: focus moves in, Tab cycles inside, Escape closes and gives focus back to the opener', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Inviter' }));
  const dialog = screen.getByRole('dialog', { name: 'Invitez un Collaborateur' });
  expect(dialog).toHaveFocus();

  await user.tab();
  expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Inviter' })).toHaveFocus();
});

test('on a phone keyboard, the sheet is sized to the visible part of the page (visualViewport)', () => {
  const listeners = new Map<string, () => void>();
  const viewport = {
    height: 844,
    offsetTop: 0,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  const { unmount } = render(
    <Modal open title="Créer un rôle" onClose={() => undefined}>
      contenu
    </Modal>,
  );
  const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
  expect(backdrop.style.getPropertyValue('--ui-viewport-height')).toBe('844px');

  // The keyboard opens: 500 px stay visible above it.
  act(() => {
    viewport.height = 500;
    listeners.get('resize')?.();
  });
  expect(backdrop.style.getPropertyValue('--ui-viewport-height')).toBe('500px');
  unmount();
  expect(listeners.size).toBe(0);
  Reflect.deleteProperty(window, 'visualViewport');
});
