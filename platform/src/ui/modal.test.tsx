import { act, render, screen } from '@testing-library/react';
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
