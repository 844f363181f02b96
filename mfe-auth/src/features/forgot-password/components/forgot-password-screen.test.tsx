import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { forgot } from '../api/forgot';
import { ForgotPasswordScreen } from './forgot-password-screen';

jest.mock('../api/forgot');

const forgotMock = jest.mocked(forgot);
const SERVER_MESSAGE = 'Si cette adresse est connue, un e-mail de réinitialisation vient de lui être envoyé.';

beforeEach(() => {
  jest.useFakeTimers();
  useSessionStore.getState().clearSession();
  forgotMock.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

test('Enter sends the e-mail, shows the server message and returns to /login after 2 s', async () => {
  forgotMock.mockResolvedValue({ message: SERVER_MESSAGE });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(<ForgotPasswordScreen />, { path: '/forgot' });

  await user.type(screen.getByLabelText('Email'), 'jean@exemple.fr{Enter}');

  expect(forgotMock).toHaveBeenCalledWith({ email: 'jean@exemple.fr' });
  expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();

  act(() => jest.advanceTimersByTime(1999));
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('the link goes back to /login', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(<ForgotPasswordScreen />, { path: '/forgot' });

  await user.click(screen.getByRole('link', { name: 'Retour à la connexion' }));

  expect(screen.getByTestId('location')).toHaveTextContent('/login');
});
