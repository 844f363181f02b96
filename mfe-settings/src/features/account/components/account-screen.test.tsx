import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@app/platform';
import { refusedLikeTheApiClient, renderScreen, signIn } from '../../../test-utils/render-screen';
import { changePassword } from '../api/change-password';
import { getAccount } from '../api/get-account';
import { getDigestPreference } from '../api/get-digest-preference';
import { logoutEverywhere } from '../api/logout-everywhere';
import { AccountScreen } from './account-screen';

jest.mock('../api/get-account');
jest.mock('../api/change-password');
jest.mock('../api/logout-everywhere');
jest.mock('../api/get-digest-preference');
jest.mock('../api/get-calendar-feed');
const getAccountMock = jest.mocked(getAccount);
const changePasswordMock = jest.mocked(changePassword);
const logoutEverywhereMock = jest.mocked(logoutEverywhere);

const ROUTE = { path: '/dashboard/prospect/settings/compte' };

beforeEach(() => {
  signIn();
  getAccountMock.mockReset().mockResolvedValue({ username: 'Martin Claire', email: 'claire@exemple.fr' });
  changePasswordMock.mockReset();
  logoutEverywhereMock.mockReset();
  jest.mocked(getDigestPreference).mockResolvedValue({ enabled: true, hour: 8 });
});

async function fillPasswords(current: string, password: string, confirmation = password) {
  if (current) await userEvent.type(screen.getByLabelText('Mot de passe actuel'), current);
  if (password) await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), password);
  if (confirmation)
    await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

test('it shows the name and the e-mail of the account', async () => {
  renderScreen(<AccountScreen />, ROUTE);
  expect(screen.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText('Martin Claire')).toBeInTheDocument();
  expect(screen.getByText('claire@exemple.fr')).toBeInTheDocument();
});

test.each([
  ['', 'Nouveau1', 'Veuillez entrer votre mot de passe actuel'],
  ['Ancien123', 'Court1', 'Mot de passe trop court'],
  ['Ancien123', 'MAJUSCULE1', 'Le mot de passe doit contenir au moins une lettre minuscule'],
  ['Ancien123', 'minuscule1', 'Le mot de passe doit contenir au moins une lettre majuscule'],
  ['Ancien123', 'SansChiffre', 'Le mot de passe doit contenir au moins un chiffre'],
])('current "%s", new "%s" says "%s" and sends nothing', async (current, password, message) => {
  renderScreen(<AccountScreen />, ROUTE);
  await fillPasswords(current, password);
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(changePasswordMock).not.toHaveBeenCalled();
});

test('a confirmation that differs says "Les mots de passe ne correspondent pas"', async () => {
  renderScreen(<AccountScreen />, ROUTE);
  await fillPasswords('Ancien123', 'Nouveau123', 'Nouveau124');
  expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas');
});

test('a valid change sends the current and the new password, and shows the server message', async () => {
  changePasswordMock.mockResolvedValue({ message: 'Mot de passe modifié' });
  renderScreen(<AccountScreen />, ROUTE);
  await fillPasswords('Ancien123', 'Nouveau123');
  expect(changePasswordMock).toHaveBeenCalledWith({ currentPassword: 'Ancien123', password: 'Nouveau123' });
  expect(await screen.findByText('Mot de passe modifié')).toBeInTheDocument();
  expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('');
});

test('a wrong current password shows the server message', async () => {
  changePasswordMock.mockImplementation(() => refusedLikeTheApiClient('Mot de passe actuel incorrect', 400));
  renderScreen(<AccountScreen />, ROUTE);
  await fillPasswords('Mauvais123', 'Nouveau123');
  expect(await screen.findByText('Mot de passe actuel incorrect')).toBeInTheDocument();
});

test('"Se déconnecter de partout" revokes every session, clears this browser and goes to /login', async () => {
  logoutEverywhereMock.mockResolvedValue({ message: 'Toutes vos sessions sont fermées' });
  renderScreen(<AccountScreen />, ROUTE);
  await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter de partout' }));
  expect(logoutEverywhereMock).toHaveBeenCalledTimes(1);
  expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  expect(useSessionStore.getState().token).toBeNull();
});
