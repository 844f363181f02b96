import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maskOf } from '@app/domain';
import {
  ME,
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderScreen,
  signIn,
} from '../../../test-utils/render-screen';
import { changeRole } from '../api/change-role';
import { createInvitation } from '../api/create-invitation';
import { getInvitations } from '../api/get-invitations';
import { getUsers } from '../api/get-users';
import { removeUser } from '../api/remove-user';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import { CollaboratorsScreen } from './collaborators-screen';

jest.mock('../api/get-users');
jest.mock('../api/change-role');
jest.mock('../api/get-invitations');
jest.mock('../api/resend-invitation');
jest.mock('../api/revoke-invitation');
jest.mock('../api/remove-user');
jest.mock('../api/create-invitation');

const getUsersMock = jest.mocked(getUsers);
const changeRoleMock = jest.mocked(changeRole);
const getInvitationsMock = jest.mocked(getInvitations);
const resendMock = jest.mocked(resendInvitation);
const revokeMock = jest.mocked(revokeInvitation);
const removeMock = jest.mocked(removeUser);

const ROUTE = { path: '/dashboard/prospect/settings/collaborateurs' };
const ADMIN = { _id: 'r1', name: 'Administrateur', binaryValue: '8388607' };
const COMMERCIAL = { _id: 'r3', name: 'Commercial', binaryValue: '4371328' };
const PAUL = {
  _id: 'u00000000000000000000002',
  username: 'Durand Paul',
  email: 'paul@exemple.fr',
  roles: [{ _id: 'r3', name: 'Commercial' }],
};
const JEANNE = {
  _id: 'u00000000000000000000003',
  username: 'Petit Jeanne',
  email: 'jeanne@exemple.fr',
  roles: [{ _id: 'r3', name: 'Commercial' }],
  licenceId: 'k2',
};

beforeEach(() => {
  signIn();
  getUsersMock.mockReset().mockResolvedValue({
    roles: [ADMIN, COMMERCIAL],
    users: [{ ...ME, roles: [{ _id: 'r1', name: 'Administrateur' }], licenceId: 'k1' }, PAUL, JEANNE],
  });
  getInvitationsMock.mockReset().mockResolvedValue({
    invitations: [
      {
        _id: 'i1',
        email: 'luc@exemple.fr',
        createdAt: Date.UTC(2026, 0, 5),
        expiresAt: Date.UTC(2026, 0, 12),
      },
    ],
  });
  changeRoleMock.mockReset();
  resendMock.mockReset();
  revokeMock.mockReset();
  removeMock.mockReset();
});

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name: new RegExp(name) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

test('it lists each member with their e-mail, role and licence', async () => {
  renderScreen(<CollaboratorsScreen />, ROUTE);
  await screen.findByText('paul@exemple.fr');
  expect(getUsersMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Nom',
    'E-mail',
    'Rôle',
    'Licence',
    'Actions',
  ]);
  expect(within(rowOf('Durand Paul')).getByRole('combobox', { name: 'Rôle de Durand Paul' })).toHaveValue(
    'r3',
  );
  expect(within(rowOf('Durand Paul')).getByText('Sans licence')).toBeInTheDocument();
  expect(within(rowOf('Petit Jeanne')).getByText('Licence attribuée')).toBeInTheDocument();
  // Nobody changes their own role or removes themselves from here.
  expect(within(rowOf('Martin Claire')).queryByRole('combobox')).not.toBeInTheDocument();
  expect(within(rowOf('Martin Claire')).getByText('Administrateur')).toBeInTheDocument();
  expect(within(rowOf('Martin Claire')).queryByRole('button')).not.toBeInTheDocument();
});

test('choosing a role in a member’s select sends changeRole and shows the server message', async () => {
  changeRoleMock.mockResolvedValue({ message: 'Rôle modifié' });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  const select = await screen.findByRole('combobox', { name: 'Rôle de Durand Paul' });
  await userEvent.selectOptions(select, 'Administrateur');
  expect(changeRoleMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    userId: PAUL._id,
    roleId: 'r1',
  });
  expect(await screen.findByText('Rôle modifié')).toBeInTheDocument();
  expect(select).toHaveValue('r1');
});

test('a refused role change puts the previous role back and shows the server message', async () => {
  changeRoleMock.mockImplementation(() =>
    refusedLikeTheApiClient('Vous ne pouvez pas accorder des permissions que vous n’avez pas'),
  );
  renderScreen(<CollaboratorsScreen />, ROUTE);
  const select = await screen.findByRole('combobox', { name: 'Rôle de Durand Paul' });
  await userEvent.selectOptions(select, 'Administrateur');
  expect(
    await screen.findByText('Vous ne pouvez pas accorder des permissions que vous n’avez pas'),
  ).toBeInTheDocument();
  await waitFor(() => expect(select).toHaveValue('r3'));
});

test('an invitation just sent shows in the pending invitations', async () => {
  jest.mocked(createInvitation).mockResolvedValue({ message: 'Invitation envoyée' });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  const section = await screen.findByRole('region', { name: 'Invitations en attente' });
  await within(section).findByText(/luc@exemple\.fr/);
  getInvitationsMock.mockResolvedValue({
    invitations: [
      {
        _id: 'i1',
        email: 'luc@exemple.fr',
        createdAt: Date.UTC(2026, 0, 5),
        expiresAt: Date.UTC(2026, 0, 12),
      },
      {
        _id: 'i2',
        email: 'zoe@exemple.fr',
        createdAt: Date.UTC(2026, 0, 6),
        expiresAt: Date.UTC(2026, 0, 13),
      },
    ],
  });
  await userEvent.click(screen.getByRole('button', { name: 'Invitez un Collaborateur' }));
  await userEvent.type(screen.getByLabelText('E-mail du collaborateur'), 'zoe@exemple.fr{Enter}');
  expect(await within(section).findByText(/zoe@exemple\.fr/)).toBeInTheDocument();
});

test('pending invitations can be sent again or revoked', async () => {
  resendMock.mockResolvedValue({ message: 'Invitation renvoyée' });
  revokeMock.mockResolvedValue({ message: 'Invitation révoquée' });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  const section = await screen.findByRole('region', { name: 'Invitations en attente' });
  expect(await within(section).findByText('luc@exemple.fr')).toBeInTheDocument();
  expect(within(section).getByText('Envoyée le 05/01/2026 · expire le 12/01/2026')).toBeInTheDocument();

  await userEvent.click(
    within(section).getByRole('button', { name: 'Renvoyer l’invitation à luc@exemple.fr' }),
  );
  expect(resendMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, invitationId: 'i1' });
  expect(await screen.findByText('Invitation renvoyée')).toBeInTheDocument();

  getInvitationsMock.mockResolvedValue({ invitations: [] });
  await userEvent.click(
    within(section).getByRole('button', { name: 'Révoquer l’invitation de luc@exemple.fr' }),
  );
  expect(revokeMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, invitationId: 'i1' });
  expect(await within(section).findByText('Aucune invitation en attente.')).toBeInTheDocument();
});

test('removing a collaborator asks who takes their opportunities, then confirms', async () => {
  removeMock.mockResolvedValue({ message: 'Durand Paul a été retiré de l’organisation' });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Durand Paul' }));
  const dialog = screen.getByRole('dialog', { name: 'Supprimer un collaborateur' });
  expect(dialog).toHaveTextContent('Voulez-vous vraiment retirer Durand Paul de l’organisation ?');
  const heir = within(dialog).getByRole('combobox', { name: 'Qui reprend ses opportunités ?' });
  // The remover by default; the removed member is not offered.
  expect(heir).toHaveValue(ME._id);
  expect(
    within(heir)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Martin Claire', 'Petit Jeanne']);
  await userEvent.selectOptions(heir, 'Petit Jeanne');
  const loads = getUsersMock.mock.calls.length;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le collaborateur' }));
  expect(removeMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    userId: PAUL._id,
    reassignTo: JEANNE._id,
  });
  expect(await screen.findByText('Durand Paul a été retiré de l’organisation')).toBeInTheDocument();
  // The list is loaded again without the removed member.
  await waitFor(() => expect(getUsersMock.mock.calls.length).toBeGreaterThan(loads));
});

test('without the bits, the invitation, role select and removal controls are hidden', async () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS', 'CREATE_PROSPECT']), isOwner: false });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  await screen.findByText('paul@exemple.fr');
  expect(screen.queryByRole('button', { name: 'Invitez un Collaborateur' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(within(rowOf('Durand Paul')).getByText('Commercial')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Invitations en attente' })).not.toBeInTheDocument();
  expect(getInvitationsMock).not.toHaveBeenCalled();
});

test('an inviter without the role bit can invite but not change roles', async () => {
  signIn({ mask: maskOf(['INVITE_WITHOUT_LICENCE']), isOwner: false });
  renderScreen(<CollaboratorsScreen />, ROUTE);
  await screen.findByText('paul@exemple.fr');
  await userEvent.click(screen.getByRole('button', { name: 'Invitez un Collaborateur' }));
  expect(screen.getByRole('dialog', { name: 'Invitez un Collaborateur' })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: /Rôle de/ })).not.toBeInTheDocument();
});

describe('on a phone (under 768 px)', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query.includes('max-width: 767.98px'),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  test('members are a list of cards, each field labelled as the table header, with the same role select', async () => {
    renderScreen(<CollaboratorsScreen />, ROUTE);
    const list = await screen.findByRole('list', { name: 'Membres de l’organisation' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const paul = within(list)
      .getAllByRole('listitem')
      .find((card) => card.textContent?.includes('Durand Paul'));
    if (!paul) throw new Error('no card for Durand Paul');
    expect(
      within(paul)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['E-mail', 'Rôle', 'Licence']);
    expect(within(paul).getByText('paul@exemple.fr')).toBeInTheDocument();
    expect(within(paul).getByText('Sans licence')).toBeInTheDocument();
    expect(within(paul).getByRole('combobox', { name: 'Rôle de Durand Paul' })).toHaveValue('r3');
    expect(within(paul).getByRole('button', { name: 'Supprimer Durand Paul' })).toBeInTheDocument();
  });
});
