import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { login } from '../api/login';
import { LoginScreen } from './login-screen';

jest.mock('../api/login');

const loginMock = jest.mocked(login);

beforeEach(() => {
  useSessionStore.getState().clearSession();
  loginMock.mockReset();
});

async function fillAndPressEnter() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'jean@exemple.fr');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret123{Enter}');
  return user;
}

test('Enter in the form logs in, keeps the token and goes to /dashboard', async () => {
  loginMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<LoginScreen />, { path: '/login' });

  await fillAndPressEnter();

  expect(loginMock).toHaveBeenCalledWith({ email: 'jean@exemple.fr', password: 'Secret123' });
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  expect(useSessionStore.getState().token).toBe('session-token');
  expect(localStorage.getItem('token')).toBe('session-token');
});

test('after logging in, it goes to the ?next= path', async () => {
  loginMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<LoginScreen />, { path: '/login', at: '/login?next=%2Finvitation%2Fjoin%2Fabc' });

  await fillAndPressEnter();

  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/invitation\/join\/abc$/);
});

test('a ?next= that leaves the application is ignored', async () => {
  loginMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<LoginScreen />, { path: '/login', at: '/login?next=%2F%2Fpirate.example' });

  await fillAndPressEnter();

  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
});

test('a user who already holds a token is sent to /dashboard', () => {
  useSessionStore.getState().signIn('session-token');
  renderScreen(<LoginScreen />, { path: '/login' });

  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
});

test('the login button is disabled while the call is pending, and enabled again after a failure', async () => {
  let fail: (error: unknown) => void = () => undefined;
  loginMock.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
  renderScreen(<LoginScreen />, { path: '/login' });

  await fillAndPressEnter();
  expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();

  fail(new ApiError('Email ou mot de passe incorrect', 401));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled());
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  expect(useSessionStore.getState().token).toBeNull();
});

test("'S'inscrire' opens /register and keeps the ?next= path", async () => {
  renderScreen(<LoginScreen />, { path: '/login', at: '/login?next=%2Finvitation%2Fjoin%2Fabc' });

  await userEvent.click(screen.getByRole('button', { name: "S'inscrire" }));

  expect(screen.getByTestId('location')).toHaveTextContent('/register?next=/invitation/join/abc');
});

test("'Mot de passe oublié ?' links to /forgot", async () => {
  renderScreen(<LoginScreen />, { path: '/login' });

  await userEvent.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));

  expect(screen.getByTestId('location')).toHaveTextContent('/forgot');
});

test("the browser tab reads 'Connexion — Prospection'", () => {
  renderScreen(<LoginScreen />, { path: '/login' });
  expect(document.title).toBe('Connexion — Prospection');
});
