import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RoundSummary, RoundView } from '@app/domain';
import { clearApiQueries, clearDeviceData, OfflineBanner, ToastHost } from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import { messageView, opportunityView, prospectView, STATUSES } from '../../../test-utils/fixtures';
import { signIn } from '../../../test-utils/session';
import { getOpportunity } from '../api/get-opportunity';
import { getRound } from '../api/get-round';
import { getRoundSettings } from '../api/get-round-settings';
import { listRounds } from '../api/list-rounds';
import { MyDayScreen } from './my-day-screen';

jest.mock('../api/list-rounds');
jest.mock('../api/get-round');
jest.mock('../api/get-round-settings');
jest.mock('../api/get-opportunity');
jest.mock('../../../api/get-statuses');
// Leaflet does not draw in jsdom: the map's own behaviour is covered by the rounds e2e test.
jest.mock('./round-map', () => ({ __esModule: true, default: () => <div>Carte de la tournée</div> }));

globalThis.structuredClone ??= <T,>(value: T): T => deserialize(serialize(value)) as T;

let online = false;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

const NOW = Date.now();
const OLDER: RoundSummary = {
  _id: 'r1',
  name: 'Tournée de lundi',
  stopCount: 1,
  updatedAt: NOW - 3 * 86_400_000,
};
const TODAY: RoundSummary = { _id: 'r2', name: 'Tournée Lyon centre', stopCount: 2, updatedAt: NOW };
const START = { label: '1 place Bellecour 69002 Lyon', lat: 45.7578, lng: 4.832 };

function roundView(summary: RoundSummary, opportunityIds: string[]): RoundView {
  return {
    _id: summary._id,
    name: summary.name,
    start: START,
    stops: opportunityIds.map((opportunityId, index) => ({
      opportunityId,
      name: `Étape ${index + 1}`,
      address: 'adresse enregistrée',
      lat: 45.76,
      lng: 4.83,
    })),
    createdAt: summary.updatedAt,
    updatedAt: summary.updatedAt,
  };
}

const BAKERY = opportunityView({
  _id: 'b00000000000000000000001',
  message: [
    messageView({ _id: 'm1', text: 'Premier passage', date: NOW - 5 * 86_400_000 }),
    messageView({ _id: 'm2', text: 'Devis envoyé', date: NOW - 86_400_000 }),
  ],
  informationContractuelle: JSON.stringify({ Montant_du_contrat: '1 200 €' }),
  prospectId: prospectView({
    contacts: [
      {
        civilite: 'Mme.',
        surname: 'Durand',
        name: 'Léa',
        fonction: 'Gérante',
        phone: '0601020304',
        mail: 'Aucun',
      },
    ],
  }),
});
const FLORIST = opportunityView({
  _id: 'b00000000000000000000002',
  state: 'WAITING',
  waitingDate: NOW + 86_400_000,
  prospectId: prospectView({ _id: 'd2', prospect: 'Fleurs République', telephone: 'Aucun' }),
});

beforeEach(async () => {
  online = false;
  localStorage.clear();
  clearApiQueries();
  await clearDeviceData();
  signIn();
  jest.mocked(listRounds).mockResolvedValue({ rounds: [OLDER, TODAY] });
  jest.mocked(getRound).mockImplementation(async ({ roundId }) => ({
    round: roundId === 'r2' ? roundView(TODAY, [BAKERY._id, FLORIST._id]) : roundView(OLDER, [FLORIST._id]),
  }));
  jest.mocked(getRoundSettings).mockResolvedValue({ tileUrl: null, geocoder: false });
  jest.mocked(getStatuses).mockResolvedValue({ status: STATUSES });
  jest.mocked(getOpportunity).mockImplementation(async ({ opportunityId }) => ({
    opportunity: opportunityId === BAKERY._id ? BAKERY : FLORIST,
  }));
});

function renderMyDay(at = '/dashboard/tournees/ma-journee') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <OfflineBanner />
      <Routes>
        <Route path="/dashboard/tournees/ma-journee" element={<MyDayScreen />} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

const stop = (name: string) => screen.findByRole('listitem', { name: new RegExp(name) });

test('opens the round saved today with each stop: company, address, phone, state, last comments, contractual information', async () => {
  renderMyDay();
  expect(await screen.findByRole('combobox', { name: 'Tournée' })).toHaveValue('r2');
  const bakery = await stop('Boulangerie Dupont');
  expect(within(bakery).getByText('12 rue de la République 69003 Lyon')).toBeInTheDocument();
  expect(within(bakery).getByRole('link', { name: '0472000000' })).toHaveAttribute('href', 'tel:0472000000');
  expect(within(bakery).getByText('A faire')).toBeInTheDocument();
  const comments = within(bakery).getByRole('region', { name: /Derniers commentaires/ });
  expect(
    within(comments)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([expect.stringContaining('Devis envoyé'), expect.stringContaining('Premier passage')]);
  const contract = within(bakery).getByRole('region', { name: /Informations contractuelles/ });
  expect(within(contract).getByText('1 200 €')).toBeInTheDocument();
  expect(within(bakery).getByText(/Mme\. Léa Durand — Gérante/)).toBeInTheDocument();
  const florist = await stop('Fleurs République');
  expect(within(florist).getByText('En attente')).toBeInTheDocument();
  expect(within(florist).queryByRole('link')).not.toBeInTheDocument();
  expect(await screen.findByText('Carte de la tournée')).toBeInTheDocument();
});

test('any saved round can be picked instead', async () => {
  renderMyDay();
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Tournée' }), 'r1');
  expect(await screen.findByText(/1 étape$/)).toBeInTheDocument();
  expect(screen.queryByRole('listitem', { name: /Boulangerie Dupont/ })).not.toBeInTheDocument();
});

test('offline, a state change to "En attente" with its date and comment, and a contact edit, are shown at once and counted', async () => {
  renderMyDay();
  const bakery = await stop('Boulangerie Dupont');
  await userEvent.click(within(bakery).getByRole('button', { name: /Changer l’état/ }));
  const form = within(bakery).getByRole('form', { name: 'Changer l’état' });
  expect(within(form).getByRole('combobox', { name: 'Nouvel état' })).toHaveValue('WAITING');
  // Nothing is kept until the comment and its status are given (SPEC §4).
  await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer l’état' }));
  expect(within(form).getByRole('alert')).toBeInTheDocument();
  await userEvent.click(within(form).getByRole('radio', { name: /Appel Abouti/ }));
  await userEvent.type(within(form).getByLabelText('Commentaire'), 'Repasser jeudi');
  await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer l’état' }));

  await waitFor(() => expect(within(bakery).getByText('En attente')).toBeInTheDocument());
  expect(within(bakery).getByText(/relance le/)).toBeInTheDocument();
  expect(within(bakery).getByText(/Repasser jeudi/)).toBeInTheDocument();
  expect(within(bakery).getByText(/en attente d’envoi/)).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 2 modifications en attente');

  await userEvent.click(within(bakery).getByRole('button', { name: /Modifier les contacts/ }));
  const contacts = within(bakery).getByRole('form', { name: 'Modifier les contacts' });
  const phone = within(contacts).getByLabelText('Téléphone');
  await userEvent.clear(phone);
  await userEvent.type(phone, '0611223344');
  await userEvent.click(within(contacts).getByRole('button', { name: 'Enregistrer les contacts' }));
  await waitFor(() => expect(within(bakery).getByRole('link', { name: '0611223344' })).toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 3 modifications en attente');
  expect(within(bakery).getByText(/3 modifications en attente/)).toBeInTheDocument();
});
