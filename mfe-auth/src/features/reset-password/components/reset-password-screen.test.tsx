import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { resetPassword } from '../api/reset-password';
import { verifyResetToken } from '../api/verify-reset-token';
import { ResetPasswordScreen } from './reset-password-screen';

jest.mock('../api/verify-reset-token');
jest.mock('../api/reset-password');

const verifyMock = jest.mocked(verifyResetToken);
const resetMock = jest.mocked(resetPassword);
const RESET_TOKEN = 'reset-token-0123456789abcdef';
const AT = `/reset-password?token=${RESET_TOKEN}`;

beforeEach(() => {
  useSessionStore.getState().clearSession();
  verifyMock.mockReset();
  resetMock.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

test('an invalid token sends the visitor to /login', async () => {
  verifyMock.mockRejectedValue(new ApiError('Lien invalide ou expiré', 400));
  renderScreen(<ResetPasswordScreen />, { path: '/reset-password', at: AT });

  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
  expect(verifyMock).toHaveBeenCalledWith({ token: RESET_TOKEN });
});

test('a link without a token sends the visitor to /login', () => {
  renderScreen(<ResetPasswordScreen />, { path: '/reset-password' });

  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  expect(verifyMock).not.toHaveBeenCalled();
});

test('while the token is checked, a loading screen shows instead of the form', () => {
  verifyMock.mockReturnValue(new Promise(() => undefined));
  renderScreen(<ResetPasswordScreen />, { path: '/reset-password', at: AT });

  expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
  expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
});

test('a valid token shows the form; Enter sends it, shows the server message and returns to /login after 2 s', async () => {
  jest.useFakeTimers();
  verifyMock.mockResolvedValue({});
  resetMock.mockResolvedValue({ message: 'Votre mot de passe a été modifié.' });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(<ResetPasswordScreen />, { path: '/reset-password', at: AT });

  await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau123');
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau123{Enter}');

  expect(resetMock).toHaveBeenCalledWith({
    token: RESET_TOKEN,
    password: 'Nouveau123',
    passwordVerif: 'Nouveau123',
  });
  expect(await screen.findByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();

  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('a signed-in visitor is signed out first, so the reset token is the one sent as `token`', async () => {
  useSessionStore.getState().signIn('session-token');
  let sessionAtCheck: string | null = 'not called';
  verifyMock.mockImplementation(async () => {
    sessionAtCheck = useSessionStore.getState().token;
    return {};
  });
  renderScreen(<ResetPasswordScreen />, { path: '/reset-password', at: AT });

  expect(await screen.findByLabelText('Nouveau mot de passe')).toBeInTheDocument();
  expect(sessionAtCheck).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});
