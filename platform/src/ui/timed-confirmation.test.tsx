import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODAL_FADE_OUT_MS } from './modal';
import { CONFIRMATION_MS, TimedConfirmation } from './timed-confirmation';

afterEach(() => {
  jest.useRealTimers();
});

test('the confirmation shows its message for 2 s, then fades out for 200 ms and disappears', () => {
  jest.useFakeTimers();
  const onDone = jest.fn();
  const { rerender } = render(
    <TimedConfirmation
      open
      title="Enregistré"
      message="Les informations ont bien été enregistrées."
      onDone={onDone}
    />,
  );
  expect(screen.getByRole('dialog', { name: 'Enregistré' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Les informations ont bien été enregistrées.');

  act(() => jest.advanceTimersByTime(CONFIRMATION_MS - 1));
  expect(onDone).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onDone).toHaveBeenCalledTimes(1);

  rerender(
    <TimedConfirmation
      open={false}
      title="Enregistré"
      message="Les informations ont bien été enregistrées."
      onDone={onDone}
    />,
  );
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(MODAL_FADE_OUT_MS));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('when the user closes it first, it is done at once and not again 2 s later', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onDone = jest.fn();
  const { rerender } = render(
    <TimedConfirmation
      open
      title="Nouvelle opportunité"
      message="L'opportunité « ACME » va être créée."
      onDone={onDone}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Fermer' }));
  expect(onDone).toHaveBeenCalledTimes(1);
  rerender(
    <TimedConfirmation
      open={false}
      title="Nouvelle opportunité"
      message="L'opportunité « ACME » va être créée."
      onDone={onDone}
    />,
  );
  act(() => jest.advanceTimersByTime(CONFIRMATION_MS));
  expect(onDone).toHaveBeenCalledTimes(1);
});
