import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maskOf } from '@app/domain';
import {
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderScreen,
  signIn,
} from '../../../test-utils/render-screen';
import { createRole } from '../api/create-role';
import { deleteRole } from '../api/delete-role';
import { editRole } from '../api/edit-role';
import { getUsers } from '../api/get-users';
import { RolesScreen } from './roles-screen';

jest.mock('../api/get-users');
jest.mock('../api/create-role');
jest.mock('../api/edit-role');
jest.mock('../api/delete-role');
const getUsersMock = jest.mocked(getUsers);
const createMock = jest.mocked(createRole);
const editMock = jest.mocked(editRole);
const deleteMock = jest.mocked(deleteRole);

const ROUTE = { path: '/dashboard/prospect/settings/roles' };
const ADMIN = { _id: 'r1', name: 'Administrateur', binaryValue: '8388607' };
const COMMERCIAL = { _id: 'r3', name: 'Commercial', binaryValue: '4371328' };
const STAGIAIRE = { _id: 'r4', name: 'Stagiaire', binaryValue: '384' };

beforeEach(() => {
  signIn();
  getUsersMock.mockReset().mockResolvedValue({
    roles: [ADMIN, COMMERCIAL, STAGIAIRE],
    users: [
      {
        _id: 'u1',
        username: 'Martin Claire',
        email: 'claire@exemple.fr',
        roles: [{ _id: 'r1', name: 'Administrateur' }],
      },
      {
        _id: 'u2',
        username: 'Durand Paul',
        email: 'paul@exemple.fr',
        roles: [{ _id: 'r3', name: 'Commercial' }],
      },
    ],
  });
  createMock.mockReset();
  editMock.mockReset();
  deleteMock.mockReset();
});

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

test("the browser tab reads 'Paramètres · Rôles et permissions — Prospection'", async () => {
  renderScreen(<RolesScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Stagiaire' });
  expect(document.title).toBe('Paramètres · Rôles et permissions — Prospection');
});

test('it lists the roles with their number of permissions and of members', async () => {
  renderScreen(<RolesScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Stagiaire' });
  expect(
    within(rowOf('Administrateur'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Administrateur', '23 / 23', '1', 'Modifier']);
  expect(within(rowOf('Stagiaire')).getAllByRole('cell')[1]).toHaveTextContent('2 / 23');
});

test('the editor groups one checkbox per permission under "Général" and "Prospection optimisée"', async () => {
  renderScreen(<RolesScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Créer un rôle' }));
  const dialog = screen.getByRole('dialog', { name: 'Créer un rôle' });
  const general = within(dialog).getByRole('group', { name: 'Général' });
  const prospecting = within(dialog).getByRole('group', { name: 'Prospection optimisée' });
  expect(within(general).getAllByRole('checkbox')).toHaveLength(7);
  expect(within(prospecting).getAllByRole('checkbox')).toHaveLength(16);
  expect(within(general).getByRole('checkbox', { name: 'Modifier les permissions' })).not.toBeChecked();
  expect(within(prospecting).getByRole('checkbox', { name: 'Exporter les prospects' })).toBeInTheDocument();
});

test('creating a role without a name says "Veuillez renseigner le nom du rôle"', async () => {
  renderScreen(<RolesScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Créer un rôle' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Veuillez renseigner le nom du rôle');
  expect(createMock).not.toHaveBeenCalled();
});

test('ticking three permissions creates the role with their bits summed, sent as a string', async () => {
  createMock.mockResolvedValue({
    role: { _id: 'r5', name: 'Prospecteur', binaryValue: '4480' },
    message: 'Rôle créé',
  });
  renderScreen(<RolesScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Créer un rôle' }));
  const dialog = screen.getByRole('dialog', { name: 'Créer un rôle' });
  await userEvent.type(within(dialog).getByLabelText('Nom du rôle'), 'Prospecteur');
  for (const label of ['Voir les prospects', 'Créer un prospect', "Changer l'état"]) {
    await userEvent.click(within(dialog).getByRole('checkbox', { name: label }));
  }
  // Ticking twice toggles the bit off again.
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Supprimer un rôle' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Supprimer un rôle' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
  expect(createMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    roleName: 'Prospecteur',
    binaryValue: '4480',
  });
  expect(await screen.findByText('Rôle créé')).toBeInTheDocument();
});

test('editing a role starts from its bits, renames it and sends the new mask as a string', async () => {
  editMock.mockResolvedValue({ message: 'Rôle modifié' });
  renderScreen(<RolesScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Modifier le rôle Stagiaire' }));
  const dialog = screen.getByRole('dialog', { name: 'Modifier le rôle Stagiaire' });
  expect(within(dialog).getByRole('checkbox', { name: 'Voir les prospects' })).toBeChecked();
  expect(within(dialog).getByRole('checkbox', { name: 'Créer un prospect' })).toBeChecked();
  expect(within(dialog).getByRole('checkbox', { name: 'Modifier un prospect' })).not.toBeChecked();
  const name = within(dialog).getByLabelText('Nom du rôle');
  await userEvent.clear(name);
  await userEvent.type(name, 'Junior');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Créer un prospect' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Commenter les suivis' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
  expect(editMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    roleId: 'r4',
    roleName: 'Junior',
    binaryValue: String(128 + 131072),
  });
  expect(await screen.findByText('Rôle modifié')).toBeInTheDocument();
});

test('a refused edit keeps the editor open and shows the server message', async () => {
  editMock.mockImplementation(() =>
    refusedLikeTheApiClient('Vous ne pouvez pas accorder une permission que vous n’avez pas'),
  );
  renderScreen(<RolesScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Modifier le rôle Stagiaire' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(
    await screen.findByText('Vous ne pouvez pas accorder une permission que vous n’avez pas'),
  ).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Modifier le rôle Stagiaire' })).toBeInTheDocument();
});

test('only a role nobody holds can be deleted, after a confirmation', async () => {
  deleteMock.mockResolvedValue({ message: 'Rôle supprimé' });
  renderScreen(<RolesScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Stagiaire' });
  expect(screen.queryByRole('button', { name: 'Supprimer le rôle Administrateur' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Supprimer le rôle Commercial' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer le rôle Stagiaire' }));
  const dialog = screen.getByRole('dialog', { name: 'Supprimer le rôle' });
  expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer le rôle Stagiaire ?');
  const loads = getUsersMock.mock.calls.length;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
  expect(deleteMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, roleId: 'r4' });
  expect(await screen.findByText('Rôle supprimé')).toBeInTheDocument();
  await waitFor(() => expect(getUsersMock.mock.calls.length).toBeGreaterThan(loads));
});

test('without bits 2, 32 and 64 the create, edit and delete controls are hidden', async () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS', 'EDIT_PERMISSIONS']), isOwner: false });
  renderScreen(<RolesScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Stagiaire' });
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
});

test('with bit 32 only, edit shows but create and delete do not; bits the editor lacks are locked', async () => {
  signIn({ mask: maskOf(['EDIT_ROLE', 'VIEW_PROSPECTS', 'COMMENT']), isOwner: false });
  renderScreen(<RolesScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Stagiaire' });
  expect(screen.queryByRole('button', { name: 'Créer un rôle' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Modifier le rôle Stagiaire' }));
  expect(screen.getByRole('checkbox', { name: 'Commenter les suivis' })).toBeEnabled();
  expect(screen.getByRole('checkbox', { name: 'Créer un prospect' })).toBeDisabled();
  expect(screen.getByRole('checkbox', { name: 'Modifier les permissions' })).toBeDisabled();
});
