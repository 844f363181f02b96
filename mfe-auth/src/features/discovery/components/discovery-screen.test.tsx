import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { fastRegister } from '../api/fast-register';
import { DiscoveryScreen } from './discovery-screen';

jest.mock('../api/fast-register');

const fastRegisterMock = jest.mocked(fastRegister);

type Form = { email: string; password: string; phone: string };

const VALID: Form = { email: 'jean@exemple.fr', password: 'Secret123', phone: '0612345678' };

beforeEach(() => {
  useSessionStore.getState().clearSession();
  fastRegisterMock.mockReset();
});

async function fillAndPressEnter(form: Form) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), form.email);
  await user.type(screen.getByLabelText('Nom'), 'Dupont');
  await user.type(screen.getByLabelText('Prénom'), 'Jean');
  await user.type(screen.getByLabelText('Mot de passe'), form.password);
  await user.type(screen.getByLabelText('Raison Sociale'), 'Boulangerie Dupont');
  await user.type(screen.getByLabelText('Fonction'), 'Gérant');
  await user.type(screen.getByLabelText('Téléphone'), `${form.phone}{Enter}`);
}

test.each([
  ['a password shorter than 8 characters', { ...VALID, password: 'abc' }, 'Mot de passe trop court'],
  [
    'a password without a lowercase letter',
    { ...VALID, password: 'SECRET123' },
    'Le mot de passe doit contenir au moins une lettre minuscule',
  ],
  [
    'a password without an uppercase letter',
    { ...VALID, password: 'secret123' },
    'Le mot de passe doit contenir au moins une lettre majuscule',
  ],
  [
    'a password without a digit',
    { ...VALID, password: 'Secretsecret' },
    'Le mot de passe doit contenir au moins un chiffre',
  ],
  ['a malformed e-mail', { ...VALID, email: 'jean@exemple' }, 'Email invalide'],
  ['a phone that is not 10 digits', { ...VALID, phone: '061234' }, 'Numéro de téléphone invalide'],
  [
    'a short password, a bad e-mail and a bad phone at once',
    { email: 'jean', password: 'abc', phone: '12' },
    'Mot de passe trop court',
  ],
  ['a bad e-mail and a bad phone at once', { ...VALID, email: 'jean', phone: '12' }, 'Email invalide'],
])('with %s, it shows only %p and sends nothing', async (_case, form, message) => {
  renderScreen(<DiscoveryScreen />, { path: '/discovery' });

  await fillAndPressEnter(form);

  expect(await screen.findByText(message as string)).toBeInTheDocument();
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(fastRegisterMock).not.toHaveBeenCalled();
});

test("Enter creates the account with 'Nom Prénom' as username, keeps the token and goes to /dashboard", async () => {
  fastRegisterMock.mockResolvedValue({ token: 'session-token' });
  renderScreen(<DiscoveryScreen />, { path: '/discovery' });

  await fillAndPressEnter(VALID);

  expect(fastRegisterMock).toHaveBeenCalledWith({
    email: 'jean@exemple.fr',
    password: 'Secret123',
    username: 'Dupont Jean',
    raisonSocial: 'Boulangerie Dupont',
    fonction: 'Gérant',
    phone: '0612345678',
  });
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  expect(useSessionStore.getState().token).toBe('session-token');
});

test("the 'Créer' button is disabled while the account is being created", async () => {
  fastRegisterMock.mockReturnValue(new Promise(() => undefined));
  renderScreen(<DiscoveryScreen />, { path: '/discovery' });

  await fillAndPressEnter(VALID);

  expect(screen.getByRole('button', { name: 'Créer' })).toBeDisabled();
});

test('a user who already holds a token is sent to /dashboard', () => {
  useSessionStore.getState().signIn('session-token');
  renderScreen(<DiscoveryScreen />, { path: '/discovery' });

  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
});
