import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { ORGANISATION_ID, renderScreen, signIn } from '../../../test-utils/render-screen';
import { getOrganisations } from '../api/get-organisations';
import { leaveOrganisation } from '../api/leave-organisation';
import { renameOrganisation } from '../api/rename-organisation';
import { OrganisationScreen } from './organisation-screen';

jest.mock('../api/rename-organisation');
jest.mock('../api/leave-organisation');
jest.mock('../api/get-organisations');
const renameMock = jest.mocked(renameOrganisation);
const leaveMock = jest.mocked(leaveOrganisation);
const getOrganisationsMock = jest.mocked(getOrganisations);

const ROUTE = { path: '/dashboard/prospect/settings/organisation' };

beforeEach(() => {
  renameMock.mockReset();
  leaveMock.mockReset();
  getOrganisationsMock.mockReset();
});

test('the owner can rename the organisation but not leave it', async () => {
  signIn({ isOwner: true });
  renameMock.mockResolvedValue({ message: 'Organisation renommée' });
  getOrganisationsMock.mockResolvedValue({
    organisations: [
      {
        _id: ORGANISATION_ID,
        name: 'Société Renommée',
        role: { _id: 'r1', name: 'Administrateur', binaryValue: String(ALL_PERMISSIONS_MASK) },
      },
    ],
  });
  renderScreen(<OrganisationScreen />, ROUTE);
  expect(screen.queryByRole('button', { name: 'Quitter l’organisation' })).not.toBeInTheDocument();
  const name = screen.getByLabelText('Nom de l’organisation');
  expect(name).toHaveValue('Société Exemple');
  await userEvent.clear(name);
  await userEvent.type(name, 'Société Renommée');
  await userEvent.click(screen.getByRole('button', { name: 'Renommer' }));
  expect(renameMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, name: 'Société Renommée' });
  expect(await screen.findByText('Organisation renommée')).toBeInTheDocument();
  await waitFor(() => expect(useSessionStore.getState().organisations[0]?.name).toBe('Société Renommée'));
});

test('a name of 3 characters or fewer says "Raison sociale invalide"', async () => {
  signIn({ isOwner: true });
  renderScreen(<OrganisationScreen />, ROUTE);
  const name = screen.getByLabelText('Nom de l’organisation');
  await userEvent.clear(name);
  await userEvent.type(name, 'Abc');
  await userEvent.click(screen.getByRole('button', { name: 'Renommer' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Raison sociale invalide');
  expect(renameMock).not.toHaveBeenCalled();
});

test('a member who is not the owner cannot rename, and leaves after a confirmation', async () => {
  signIn({ isOwner: false });
  leaveMock.mockResolvedValue({ message: 'Vous avez quitté l’organisation' });
  getOrganisationsMock.mockResolvedValue({ organisations: [] });
  renderScreen(<OrganisationScreen />, ROUTE);
  expect(screen.queryByLabelText('Nom de l’organisation')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Quitter l’organisation' }));
  const dialog = screen.getByRole('dialog', { name: 'Quitter l’organisation' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Quitter' }));
  expect(leaveMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  expect(useSessionStore.getState().organisations).toEqual([]);
});
