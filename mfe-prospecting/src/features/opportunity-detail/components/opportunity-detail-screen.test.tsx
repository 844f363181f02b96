import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  clearApiQueries,
  CONFIRMATION_MS,
  MODAL_FADE_OUT_MS,
  saveOpportunityIds,
  ToastHost,
} from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import { postMessage } from '../../../api/post-message';
import {
  messageView,
  OPPORTUNITY_ID,
  opportunityView,
  ORGANISATION_ID,
  prospectView,
  STATUSES,
} from '../../../test-utils/fixtures';
import { signIn } from '../../../test-utils/session';
import type { OpportunityView } from '../../../types/opportunity-view';
import { announcePresence } from '../api/announce-presence';
import { getOpportunity } from '../api/get-opportunity';
import { leavePresence } from '../api/leave-presence';
import { setLatLng } from '../../../api/set-lat-lng';
import { updateContractual } from '../api/update-contractual';
import { updateProspect } from '../api/update-prospect';
import { OpportunityDetailScreen } from './opportunity-detail-screen';

jest.mock('../api/get-opportunity');
jest.mock('../../../api/set-lat-lng');
jest.mock('../api/update-contractual');
jest.mock('../api/update-prospect');
jest.mock('../api/announce-presence');
jest.mock('../api/leave-presence');
jest.mock('../../../api/get-statuses');
jest.mock('../../../api/post-message');

const getMock = jest.mocked(getOpportunity);
const ids = { organisationId: ORGANISATION_ID, opportunityId: OPPORTUNITY_ID };

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

async function renderDetail(opportunity: OpportunityView | null = opportunityView(), at?: string) {
  const byId = new Map<string, OpportunityView>();
  if (opportunity) byId.set(opportunity._id, opportunity);
  getMock.mockImplementation(async ({ opportunityId }) => ({
    opportunity: byId.get(opportunityId) ?? opportunityView({ _id: opportunityId }),
  }));
  const result = render(
    <StrictMode>
      <MemoryRouter initialEntries={[at ?? `/dashboard/opportunity/${OPPORTUNITY_ID}?type=todo`]}>
        <Routes>
          <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
          <Route path="*" element={<p>ailleurs</p>} />
        </Routes>
        <LocationProbe />
        <ToastHost />
      </MemoryRouter>
    </StrictMode>,
  );
  if (opportunity) await screen.findByRole('heading', { level: 1 });
  return result;
}

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  signIn();
  getMock.mockReset();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: STATUSES });
  jest.mocked(postMessage).mockReset();
  jest.mocked(setLatLng).mockReset();
  jest.mocked(updateContractual).mockReset();
  jest.mocked(updateProspect).mockReset();
  jest.mocked(announcePresence).mockReset().mockResolvedValue({ others: [] });
  jest.mocked(leavePresence).mockReset().mockResolvedValue({ message: '' });
});

test('a loading screen shows while the opportunity is absent, then its owner, prospect and state', async () => {
  let answer: (value: { opportunity: OpportunityView }) => void = () => undefined;
  getMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  render(
    <MemoryRouter initialEntries={[`/dashboard/opportunity/${OPPORTUNITY_ID}?type=todo`]}>
      <Routes>
        <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
  await act(async () => answer({ opportunity: opportunityView({ state: 'WAITING' }) }));
  expect(screen.getByRole('heading', { level: 1, name: 'Boulangerie Dupont' })).toBeInTheDocument();
  expect(screen.getByText('@Martin Claire')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'En Attente' })).toHaveAttribute('aria-pressed', 'true');
  expect(getMock).toHaveBeenCalledWith(ids);
});

test('the contractual information lists every key, underscores as spaces, placeholders for the four standard ones', async () => {
  await renderDetail(
    opportunityView({
      informationContractuelle: JSON.stringify({
        "Type_D'investissement": 'location',
        Marque_du_copieur: 'Canon',
      }),
    }),
  );
  const panel = screen.getByRole('region', { name: 'Informations contractuelles' });
  const terms = within(panel)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(panel)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  expect(terms).toEqual([
    "Type D'investissement",
    'Date previsionelle fin de contrat',
    'Prestation Actuelle',
    'Prestataire Actuelle',
    'Marque du copieur',
  ]);
  expect(values).toEqual(['location', 'Non renseigné', 'Non renseigné', 'Non renseigné', 'Canon']);
});

test('the arrow keys and buttons move through the list kept under the type name; no previous arrow on the first item', async () => {
  const user = userEvent.setup();
  saveOpportunityIds('todo', [OPPORTUNITY_ID, 'b00000000000000000000002', 'b00000000000000000000003']);
  await renderDetail();
  expect(screen.queryByRole('button', { name: 'Opportunité précédente' })).not.toBeInTheDocument();
  expect(screen.getByText(/1 \/ 3/)).toBeInTheDocument();

  await user.keyboard('{ArrowRight}');
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/dashboard/opportunity/b00000000000000000000002?type=todo',
  );
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Opportunité précédente' })).toBeInTheDocument(),
  );

  await user.click(screen.getByRole('button', { name: 'Opportunité suivante' }));
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/dashboard/opportunity/b00000000000000000000003?type=todo',
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Opportunité suivante' })).toBeDisabled());

  await user.keyboard('{ArrowLeft}');
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/dashboard/opportunity/b00000000000000000000002?type=todo',
  );
});

test('the arrow keys do nothing while typing a comment', async () => {
  const user = userEvent.setup();
  saveOpportunityIds('todo', [OPPORTUNITY_ID, 'b00000000000000000000002']);
  await renderDetail();
  await user.click(screen.getByPlaceholderText('Commentaire :'));
  await user.keyboard('{ArrowRight}');
  expect(screen.getByTestId('location')).toHaveTextContent(
    `/dashboard/opportunity/${OPPORTUNITY_ID}?type=todo`,
  );
});

test('tool tiles: encoded links opened safely, Call and Mail disabled without a phone or e-mail, Script always disabled', async () => {
  await renderDetail(
    opportunityView({
      prospectId: prospectView({
        prospect: 'Dupont & Fils',
        siret: '73282932000074',
        telephone: 'Aucun',
        eMail: 'Aucun',
      }),
    }),
  );
  const tools = screen.getByRole('navigation', { name: 'Outils' });
  expect(within(tools).getByRole('button', { name: /Appeler/ })).toBeDisabled();
  expect(within(tools).getByRole('button', { name: /Mail/ })).toBeDisabled();
  expect(within(tools).getByRole('button', { name: /Script/ })).toBeDisabled();
  const network = within(tools).getByRole('link', { name: /LinkedIn/ });
  expect(network).toHaveAttribute(
    'href',
    'https://www.linkedin.com/search/results/companies/?keywords=Dupont%20%26%20Fils',
  );
  expect(network).toHaveAttribute('rel', 'noopener noreferrer');
  expect(network).toHaveAttribute('target', '_blank');
  expect(within(tools).getByRole('link', { name: /Annuaire des entreprises/ })).toHaveAttribute(
    'href',
    'https://annuaire-entreprises.data.gouv.fr/rechercher?terme=73282932000074',
  );
});

test('Call and Mail are links when the prospect has a phone and an e-mail', async () => {
  await renderDetail();
  const tools = screen.getByRole('navigation', { name: 'Outils' });
  expect(within(tools).getByRole('link', { name: /Appeler/ })).toHaveAttribute('href', 'tel:0472000000');
  expect(within(tools).getByRole('link', { name: /Mail/ })).toHaveAttribute(
    'href',
    'mailto:contact@dupont.fr',
  );
});

test('the chat groups messages by month with status, date, @username and text', async () => {
  const now = new Date();
  const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1, 9, 5).getTime();
  const older = new Date(now.getFullYear() - 1, 0, 10, 14, 30).getTime();
  await renderDetail(
    opportunityView({
      message: [
        messageView({ _id: 'm1', date: older, text: 'Premier appel', statusId: STATUSES[2]! }),
        messageView({ _id: 'm2', date: thisMonth, text: 'Devis envoyé', statusId: STATUSES[0]! }),
      ],
    }),
  );
  const older_ = screen.getByRole('region', { name: 'Plus ancien' });
  expect(older_).toHaveTextContent('Appel non Abouti');
  expect(older_).toHaveTextContent(`10/01/${now.getFullYear() - 1} 14:30`);
  expect(older_).toHaveTextContent('@Martin Claire');
  expect(older_).toHaveTextContent('Premier appel');
  const current = screen.getByRole('region', { name: 'Ce mois-ci' });
  expect(current).toHaveTextContent('Mail');
  expect(current).toHaveTextContent('Devis envoyé');
  expect(screen.queryByRole('region', { name: 'Le mois dernier' })).not.toBeInTheDocument();
});

test('sending a comment: the status first, then at least 1 character, then it is posted and shown', async () => {
  const user = userEvent.setup();
  const posted = messageView({ _id: 'new', date: Date.now(), text: 'Rappel fixé', statusId: STATUSES[3]! });
  jest.mocked(postMessage).mockResolvedValue({ message: posted });
  await renderDetail();
  const chat = screen.getByRole('region', { name: 'Commentaires' });
  const statusGroup = within(chat).getByRole('group', { name: 'Statut du commentaire' });
  await waitFor(() => expect(within(statusGroup).getAllByRole('radio')).toHaveLength(5));

  await user.click(within(chat).getByRole('button', { name: 'Envoyer' }));
  expect(within(chat).getByRole('alert')).toHaveTextContent('Veuillez selectionner un status');

  await user.click(within(statusGroup).getByRole('radio', { name: 'PP' }));
  await user.type(within(chat).getByPlaceholderText('Commentaire :'), '   ');
  await user.click(within(chat).getByRole('button', { name: 'Envoyer' }));
  expect(within(chat).getByRole('alert')).toHaveTextContent(
    'Le commentaire doit contenir au moins 1 caractères',
  );
  expect(postMessage).not.toHaveBeenCalled();

  await user.clear(within(chat).getByPlaceholderText('Commentaire :'));
  await user.type(within(chat).getByPlaceholderText('Commentaire :'), 'Rappel fixé');
  await user.click(within(chat).getByRole('button', { name: 'Envoyer' }));
  await waitFor(() =>
    expect(postMessage).toHaveBeenCalledWith({ ...ids, message: 'Rappel fixé', statusId: STATUSES[3]?._id }),
  );
  expect(await within(chat).findByText('Rappel fixé')).toBeInTheDocument();
  expect(within(chat).getByPlaceholderText('Commentaire :')).toHaveValue('');
});

test('the contractual modal asks for the investment type and filled custom pairs, saves, and confirms for 2 s', async () => {
  const user = userEvent.setup();
  jest.mocked(updateContractual).mockResolvedValue({ opportunity: opportunityView() });
  await renderDetail();
  await user.click(screen.getByRole('button', { name: 'Ajouter des informations contractuelles' }));
  const modal = screen.getByRole('dialog', { name: 'Informations contractuelles' });
  expect(within(modal).getByLabelText('Date prévisionnelle de fin de contrat')).toHaveAttribute(
    'min',
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  );

  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  expect(within(modal).getByRole('alert')).toHaveTextContent(
    "Veuillez selectionner un type d'investissement",
  );

  await user.selectOptions(within(modal).getByLabelText("Type d'investissement"), 'achat');
  await user.click(within(modal).getByRole('button', { name: 'Ajouter un champ' }));
  await user.type(within(modal).getByLabelText('Titre 1'), 'Nombre de copieurs');
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  expect(within(modal).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
  expect(updateContractual).not.toHaveBeenCalled();

  await user.type(within(modal).getByLabelText('Valeur 1'), '3');
  await user.type(within(modal).getByLabelText('Prestataire actuel'), 'Xerox');
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    await act(async () => {
      within(modal).getByRole('button', { name: 'Enregistrer' }).click();
    });
    expect(updateContractual).toHaveBeenCalledWith({
      ...ids,
      data: { "Type_D'investissement": 'achat', Prestataire_Actuelle: 'Xerox', Nombre_de_copieurs: '3' },
    });
    const confirmation = screen.getByRole('dialog', { name: 'Enregistré' });
    expect(confirmation).toHaveTextContent('Les informations ont bien été enregistrées.');
    act(() => jest.advanceTimersByTime(CONFIRMATION_MS - 10));
    expect(screen.getByRole('dialog', { name: 'Enregistré' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10));
    // Then the modal's 200 ms fade-out.
    expect(screen.getByRole('dialog', { name: 'Enregistré' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(MODAL_FADE_OUT_MS));
    expect(screen.queryByRole('dialog', { name: 'Enregistré' })).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test("the prospect modal saves empty standard fields as 'Aucun' and asks for filled custom pairs", async () => {
  const user = userEvent.setup();
  jest.mocked(updateProspect).mockResolvedValue({ opportunity: opportunityView() });
  await renderDetail();
  await user.click(screen.getByRole('button', { name: 'Modifier le prospect' }));
  const modal = screen.getByRole('dialog', { name: 'Informations prospect' });
  await user.clear(within(modal).getByLabelText('Site'));
  await user.clear(within(modal).getByLabelText('Enseigne'));
  await user.click(within(modal).getByRole('button', { name: 'Ajouter un champ' }));
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  expect(within(modal).getByRole('alert')).toHaveTextContent(
    'Veuillez remplir tous les champs avant de valider',
  );

  await user.click(within(modal).getByRole('button', { name: 'Supprimer le champ 1' }));
  await user.click(within(modal).getByRole('button', { name: 'Ajouter un contact' }));
  await user.selectOptions(within(modal).getByLabelText('Civilité'), 'Mme.');
  await user.type(within(modal).getByLabelText('Nom'), 'Durand');
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(updateProspect).toHaveBeenCalled());
  const { data } = jest.mocked(updateProspect).mock.calls[0]![0];
  expect(data.enseigne).toBe('Aucun');
  expect(data.site).toBe('Aucun');
  expect(data.prospect).toBe('Boulangerie Dupont');
  expect(data.contacts).toEqual([
    { civilite: 'Mme.', surname: 'Durand', name: '', fonction: '', phone: '', mail: '' },
  ]);
});

test('the map opens from latlng; without it, the address is geocoded first', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  jest.mocked(setLatLng).mockResolvedValue({ latlng: '45.76/4.83', latlngPrecision: 'address' });
  await renderDetail(opportunityView({ prospectId: prospectView({ latlng: undefined }) }));
  await user.click(screen.getByRole('button', { name: 'Ouvrir la carte' }));
  expect(setLatLng).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    prospectId: 'd00000000000000000000001',
  });
  expect(open).toHaveBeenCalledWith(
    'https://www.google.com/maps/search/?api=1&query=45.76%2C4.83',
    '_blank',
    'noopener,noreferrer',
  );
  const link = await screen.findByRole('link', { name: 'Ouvrir la carte' });
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByText('Position : adresse')).toBeInTheDocument();
  expect(screen.getByText('Créée le 05/01/2026')).toBeInTheDocument();
  open.mockRestore();
});

test('a position from the offline reference data says it is the commune’s centre', async () => {
  await renderDetail(
    opportunityView({ prospectId: prospectView({ latlng: '46.2057/5.2258', latlngPrecision: 'commune' }) }),
  );
  expect(screen.getByText('Position : centre de la commune')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ouvrir la carte' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=46.2057%2C5.2258',
  );
});

test('the history shows who changed what, when, and why, when the API returns it', async () => {
  await renderDetail(
    opportunityView({
      history: [
        {
          at: new Date(2026, 0, 5, 12).getTime(),
          by: { _id: 'u1', username: 'Martin Claire' },
          from: null,
          to: 'TODO',
          kind: 'create',
        },
        {
          at: new Date(2026, 1, 2, 9, 15).getTime(),
          by: { _id: 'system', username: 'Rappel automatique' },
          from: 'WIN',
          to: 'TODO',
          kind: 'renewal',
          reason: 'Fin de contrat le 30/04/2026',
        },
      ],
    }),
  );
  const history = screen.getByRole('region', { name: 'Historique' });
  const items = within(history)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(items).toEqual([
    '02/02/2026 09:15 @Rappel automatique : Relance de renouvellement : Gagné → A faire (Fin de contrat le 30/04/2026)',
    '05/01/2026 12:00 @Martin Claire : Création → A faire',
  ]);
});

test('a comment sent from the chat shows in the history at once', async () => {
  const user = userEvent.setup();
  const created = {
    at: new Date(2026, 0, 5, 12).getTime(),
    by: { _id: 'u1', username: 'Martin Claire' },
    from: null,
    to: 'TODO' as const,
    kind: 'create' as const,
  };
  const posted = messageView({ _id: 'new', date: Date.now(), text: 'Rappel fixé', statusId: STATUSES[3]! });
  await renderDetail(opportunityView({ history: [created] }));
  jest.mocked(postMessage).mockResolvedValue({ message: posted });
  // The server now holds the comment and its history entry.
  getMock.mockResolvedValue({
    opportunity: opportunityView({
      message: [posted],
      history: [
        created,
        {
          at: new Date(2026, 0, 6, 8).getTime(),
          by: created.by,
          from: 'TODO',
          to: 'TODO',
          kind: 'comment',
          reason: 'Commentaire (PP)',
        },
      ],
    }),
  });
  const chat = screen.getByRole('region', { name: 'Commentaires' });
  const statusGroup = within(chat).getByRole('group', { name: 'Statut du commentaire' });
  await waitFor(() => expect(within(statusGroup).getAllByRole('radio')).toHaveLength(5));
  await user.click(within(statusGroup).getByRole('radio', { name: 'PP' }));
  await user.type(within(chat).getByPlaceholderText('Commentaire :'), 'Rappel fixé');
  await user.click(within(chat).getByRole('button', { name: 'Envoyer' }));

  const history = screen.getByRole('region', { name: 'Historique' });
  await waitFor(() =>
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      '06/01/2026 08:00 @Martin Claire : Commentaire (PP)',
    ),
  );
  expect(within(chat).getAllByText('Rappel fixé')).toHaveLength(1);
});

test('no history section without the permission (the API leaves it out)', async () => {
  await renderDetail();
  expect(screen.queryByRole('region', { name: 'Historique' })).not.toBeInTheDocument();
});
