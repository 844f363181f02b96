import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { maskOf } from '@app/domain';
import { ToastHost } from '@app/platform';
import { ME, ORGANISATION_ID, refusedLikeTheApiClient, signIn } from '../../../test-utils/render-screen';
import { assignKey } from '../api/assign-key';
import { getAllKeys } from '../api/get-all-keys';
import { getMainSub } from '../api/get-main-sub';
import { getPortalLink } from '../api/get-portal-link';
import { getUsers } from '../api/get-users';
import { LicencesModal } from './licences-modal';

jest.mock('../api/get-all-keys');
jest.mock('../api/get-users');
jest.mock('../api/assign-key');
jest.mock('../api/get-portal-link');
jest.mock('../api/get-main-sub');
const getAllKeysMock = jest.mocked(getAllKeys);
const getUsersMock = jest.mocked(getUsers);
const assignMock = jest.mocked(assignKey);

const COMMERCIAL = [{ _id: 'r3', name: 'Commercial' }];
const PAUL = {
  _id: 'u00000000000000000000002',
  username: 'Durand Paul',
  email: 'paul@exemple.fr',
  roles: COMMERCIAL,
};
const JEANNE = {
  _id: 'u00000000000000000000003',
  username: 'Petit Jeanne',
  email: 'jeanne@exemple.fr',
  roles: COMMERCIAL,
};
const RENEWAL = Date.UTC(2026, 2, 15, 12);

beforeEach(() => {
  signIn();
  getAllKeysMock.mockReset().mockResolvedValue({
    userId: ME._id,
    keys: [
      { _id: 'k1', userId: ME._id, plan: 1, period: 'trial', renewalAt: RENEWAL, trial: true },
      { _id: 'k2', userId: null, plan: 2, period: 'yearly', renewalAt: RENEWAL, trial: false },
      { _id: 'k3', userId: JEANNE._id, plan: 4, period: 'monthly', renewalAt: RENEWAL, trial: false },
    ],
  });
  getUsersMock.mockReset().mockResolvedValue({
    roles: [],
    users: [{ ...ME, roles: [{ _id: 'r1', name: 'Administrateur' }] }, PAUL, JEANNE],
  });
  assignMock.mockReset();
  jest.mocked(getMainSub).mockReset().mockResolvedValue({ price: null });
});

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderModal() {
  const onClose = jest.fn();
  const onAssigned = jest.fn();
  render(
    <MemoryRouter initialEntries={['/dashboard/prospect/settings/collaborateurs']}>
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <LicencesModal open onClose={onClose} onAssigned={onAssigned} />
      <ToastHost />
    </MemoryRouter>,
  );
  return { onClose, onAssigned };
}

const select = (n: number) => screen.getByRole('combobox', { name: `Titulaire de la licence ${n}` });

test('it shows "Licences utilisé : x / y" and one select per licence with "Non attribué"', async () => {
  renderModal();
  expect(await screen.findByText('Licences utilisé : 2 / 3')).toBeInTheDocument();
  expect(getAllKeysMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(getUsersMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(select(2)).toHaveValue('');
  expect(
    within(select(2))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Non attribué', 'Martin Claire', 'Durand Paul', 'Petit Jeanne']);
  expect(select(3)).toHaveValue(JEANNE._id);
});

test('the select of the licence the current user holds is disabled', async () => {
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  expect(select(1)).toBeDisabled();
  expect(select(1)).toHaveValue(ME._id);
  expect(select(2)).toBeEnabled();
  expect(select(3)).toBeEnabled();
});

test('assigning a licence sends keyId and userId and says "Licence attribué avec succès"', async () => {
  assignMock.mockResolvedValue({ message: 'Licence attribué avec succès' });
  const { onAssigned } = renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  await userEvent.selectOptions(select(2), 'Durand Paul');
  expect(assignMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, keyId: 'k2', userId: PAUL._id });
  expect(await screen.findByText('Licence attribué avec succès')).toBeInTheDocument();
  expect(screen.getByText('Licences utilisé : 3 / 3')).toBeInTheDocument();
  expect(onAssigned).toHaveBeenCalledTimes(1);
});

test('"Non attribué" frees the licence (userId null)', async () => {
  assignMock.mockResolvedValue({ message: 'Licence attribué avec succès' });
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  await userEvent.selectOptions(select(3), 'Non attribué');
  expect(assignMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, keyId: 'k3', userId: null });
});

test('a refused assignment restores the previous choice and shows the server message', async () => {
  assignMock.mockImplementation(() =>
    refusedLikeTheApiClient('Ce collaborateur possède déjà une licence dans cette organisation', 409),
  );
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  await userEvent.selectOptions(select(2), 'Petit Jeanne');
  expect(
    await screen.findByText('Ce collaborateur possède déjà une licence dans cette organisation'),
  ).toBeInTheDocument();
  await waitFor(() => expect(select(2)).toHaveValue(''));
  expect(screen.getByText('Licences utilisé : 2 / 3')).toBeInTheDocument();
});

test('"Voir les details" shows the plan, the period and the renewal date', async () => {
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  const button = screen.getByRole('button', { name: 'Voir les details de la licence 2' });
  expect(button).toHaveTextContent('Voir les details');
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const details = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(details).toHaveTextContent('FormuleManager');
  expect(details).toHaveTextContent('PériodeAnnuelle');
  expect(details).toHaveTextContent('Renouvellement15/03/2026');
  await userEvent.click(screen.getByRole('button', { name: 'Voir les details de la licence 1' }));
  expect(screen.getByText('Essai gratuit')).toBeInTheDocument();
  expect(screen.getByText('Fin de l’essai')).toBeInTheDocument();
});

test('the owner opens the subscription portal of a paid licence in a new tab; a trial licence has none', async () => {
  jest.mocked(getPortalLink).mockResolvedValue({ link: 'https://paiement.exemple.fr/portail/abc' });
  const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  await userEvent.click(screen.getByRole('button', { name: 'Voir les details de la licence 1' }));
  expect(screen.queryByRole('button', { name: 'Gérer l’abonnement' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Voir les details de la licence 2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Gérer l’abonnement' }));
  await waitFor(() => expect(tab.location.href).toBe('https://paiement.exemple.fr/portail/abc'));
  expect(getPortalLink).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, keyId: 'k2' });
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
  open.mockRestore();
});

test('a member who is not the owner sees no portal button', async () => {
  signIn({ isOwner: false });
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  await userEvent.click(screen.getByRole('button', { name: 'Voir les details de la licence 2' }));
  expect(screen.queryByRole('button', { name: 'Gérer l’abonnement' })).not.toBeInTheDocument();
});

test('"+ Ajouter nouvelle licence" leads to /dashboard/paiement/new', async () => {
  renderModal();
  await userEvent.click(await screen.findByRole('button', { name: '+ Ajouter nouvelle licence' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/paiement/new');
});

test('a failed getUsers closes the modal and shows the message', async () => {
  getUsersMock.mockImplementation(() =>
    refusedLikeTheApiClient('Vous ne faites pas partie de cette organisation'),
  );
  const { onClose } = renderModal();
  expect(await screen.findByText('Vous ne faites pas partie de cette organisation')).toBeInTheDocument();
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

test('without "Modifier les permissions" the holders are shown as text, and only the owner may buy', async () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS']), isOwner: false });
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(screen.getByText('Petit Jeanne')).toBeInTheDocument();
  expect(screen.getByText('Non attribué')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '+ Ajouter nouvelle licence' })).not.toBeInTheDocument();
});

test('the owner sees the subscription that feeds the licences, with its status and any warning', async () => {
  jest.mocked(getMainSub).mockResolvedValue({
    price: 'demo_2_yearly',
    plan: 2,
    period: 'yearly',
    seats: 2,
    status: 'past_due',
    renewalAt: RENEWAL,
    warning: 'Le dernier paiement a échoué : mettez à jour votre carte.',
  });
  renderModal();
  const summary = await screen.findByRole('group', { name: 'Abonnement' });
  expect(summary).toHaveTextContent(
    'Abonnement Manager · annuel · 2 licences · Paiement en retard · renouvellement le 15/03/2026',
  );
  expect(within(summary).getByRole('alert')).toHaveTextContent('Le dernier paiement a échoué');
});

test('without a paid subscription the owner is told the licences are trial ones', async () => {
  renderModal();
  expect(await screen.findByText('Aucun abonnement payant : licences d’essai.')).toBeInTheDocument();
});

test('each licence says whether it is a trial one, and until when, or a paid one', async () => {
  const later = new Date(2099, 2, 15, 12).getTime();
  getAllKeysMock.mockResolvedValue({
    userId: ME._id,
    keys: [
      { _id: 'k1', userId: ME._id, plan: 4, period: 'trial', renewalAt: later, trial: true },
      { _id: 'k2', userId: null, plan: 4, period: 'trial', renewalAt: RENEWAL, trial: true },
      { _id: 'k3', userId: JEANNE._id, plan: 2, period: 'monthly', renewalAt: later, trial: false },
    ],
  });
  renderModal();
  await screen.findByText('Licences utilisé : 2 / 3');
  const rows = screen.getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent('Licence 1Essaijusqu’au 15/03/2099');
  expect(rows[1]).toHaveTextContent('Licence 2Essaiterminé le 15/03/2026');
  expect(rows[2]).toHaveTextContent('Licence 3Payée');
  expect(rows[2]).not.toHaveTextContent('Essai');
});

test('without a paid subscription the owner is told until when the trial licences run', async () => {
  jest
    .mocked(getMainSub)
    .mockResolvedValue({ price: null, trialEndsAt: new Date(2026, 11, 10, 9).getTime() });
  renderModal();
  expect(
    await screen.findByText('Aucun abonnement payant : licences d’essai jusqu’au 10 décembre 2026.'),
  ).toBeInTheDocument();
});
