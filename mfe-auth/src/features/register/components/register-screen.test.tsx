import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { register } from '../api/register';
import { RegisterScreen } from './register-screen';

jest.mock('../api/register');

const registerMock = jest.mocked(register);

beforeEach(() => {
  useSessionStore.getState().clearSession();
  registerMock.mockReset();
});

async function fillAndPressEnter() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nom'), 'Dupont');
  await user.type(screen.getByLabelText('Prénom'), 'Jean');
  await user.type(screen.getByLabelText('Email'), 'jean@exemple.fr');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret123{Enter}');
}

test('Enter registers "Nom Prénom" as the username, keeps the token and goes to /dashboard', async () => {
  registerMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<RegisterScreen />, { path: '/register' });

  await fillAndPressEnter();

  expect(registerMock).toHaveBeenCalledWith({
    email: 'jean@exemple.fr',
    password: 'Secret123',
    username: 'Dupont Jean',
  });
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  expect(useSessionStore.getState().token).toBe('session-token');
});

test('after registering from an invitation link, it goes back to the ?next= path', async () => {
  registerMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<RegisterScreen />, { path: '/register', at: '/register?next=%2Finvitation%2Fjoin%2Fabc' });

  await fillAndPressEnter();

  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/invitation\/join\/abc$/);
});

test('when the server refuses, it stays on the form with the button enabled again', async () => {
  registerMock.mockRejectedValue(new ApiError('Mot de passe trop court', 400));
  renderScreen(<RegisterScreen />, { path: '/register' });

  await fillAndPressEnter();

  await waitFor(() => expect(screen.getByRole('button', { name: "S'inscrire" })).toBeEnabled());
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
});

test('a user who already holds a token is sent to /dashboard', () => {
  useSessionStore.getState().signIn('session-token');
  renderScreen(<RegisterScreen />, { path: '/register' });

  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
});

test('the link back to /login keeps the ?next= path', async () => {
  renderScreen(<RegisterScreen />, { path: '/register', at: '/register?next=%2Finvitation%2Fjoin%2Fabc' });

  await userEvent.click(screen.getByRole('link', { name: 'Se connecter' }));

  expect(screen.getByTestId('location')).toHaveTextContent('/login?next=/invitation/join/abc');
});
