import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODAL_FADE_OUT_MS } from './modal';
import { CONFIRMATION_MS, TimedConfirmation } from './timed-confirmation';

const MESSAGE = 'Les informations ont bien été enregistrées.';

/** The confirmation as its host shows it: open until `onDone`, which closes it. */
function renderConfirmation() {
  const onDone = jest.fn();
  const view = (open: boolean) => (
    <TimedConfirmation open={open} title="Enregistré" message={MESSAGE} onDone={onDone} />
  );
  const { rerender } = render(view(true));
  onDone.mockImplementation(() => rerender(view(false)));
  return onDone;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

test('the confirmation shows its message for 2 s, then fades out for 200 ms and disappears', () => {
  const onDone = renderConfirmation();
  expect(screen.getByRole('dialog', { name: 'Enregistré' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);

  act(() => jest.advanceTimersByTime(CONFIRMATION_MS - 1));
  expect(onDone).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onDone).toHaveBeenCalledTimes(1);

  expect(screen.getByRole('dialog')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(MODAL_FADE_OUT_MS));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('when the user closes it first, it is done at once and not again 2 s later', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onDone = renderConfirmation();
  await user.click(screen.getByRole('button', { name: 'Fermer' }));
  expect(onDone).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(CONFIRMATION_MS));
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
