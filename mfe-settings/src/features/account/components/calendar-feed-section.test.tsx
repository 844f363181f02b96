import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderScreen,
  signIn,
} from '../../../test-utils/render-screen';
import { createCalendarFeed } from '../api/create-calendar-feed';
import { getCalendarFeed } from '../api/get-calendar-feed';
import { regenerateCalendarFeed } from '../api/regenerate-calendar-feed';
import { CalendarFeedSection } from './calendar-feed-section';

jest.mock('../api/get-calendar-feed');
jest.mock('../api/create-calendar-feed');
jest.mock('../api/regenerate-calendar-feed');
const getMock = jest.mocked(getCalendarFeed);
const createMock = jest.mocked(createCalendarFeed);
const regenerateMock = jest.mocked(regenerateCalendarFeed);

const ROUTE = { path: '/dashboard/prospect/settings/compte' };
const FIRST_URL = `https://app.exemple.fr/api/calendar/feed/${'a'.repeat(16)}/${'b'.repeat(43)}.ics`;
const SECOND_URL = `https://app.exemple.fr/api/calendar/feed/${'c'.repeat(16)}/${'d'.repeat(43)}.ics`;
const CREATED_AT = Date.UTC(2025, 2, 12, 10, 0);

beforeEach(() => {
  signIn();
  getMock.mockReset().mockResolvedValue({ createdAt: null, hasLicence: true });
  createMock.mockReset().mockResolvedValue({ url: FIRST_URL, createdAt: CREATED_AT });
  regenerateMock.mockReset().mockResolvedValue({ url: SECOND_URL, createdAt: CREATED_AT + 60_000 });
});

test('"Créer mon lien d’agenda" shows the address once, for the current organisation, with a copy button', async () => {
  const user = userEvent.setup();
  renderScreen(<CalendarFeedSection />, ROUTE);
  expect(screen.getByRole('heading', { name: 'Agenda', level: 2 })).toBeInTheDocument();
  expect(screen.getByText(/de l’organisation « Société Exemple »/)).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Créer mon lien d’agenda' }));
  expect(createMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(await screen.findByLabelText('Lien de votre agenda')).toHaveValue(FIRST_URL);
  expect(screen.getByText(/il ne sera plus affiché/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
  expect(await navigator.clipboard.readText()).toBe(FIRST_URL);
  expect(await screen.findByText('Lien copié')).toBeInTheDocument();
});

test('an existing address is not shown again: it says when it was made and offers to regenerate it', async () => {
  getMock.mockResolvedValue({ createdAt: CREATED_AT, hasLicence: true });
  renderScreen(<CalendarFeedSection />, ROUTE);
  expect(await screen.findByText(/Votre lien d’agenda a été créé le 12\/03\/2025/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Lien de votre agenda')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Créer mon lien d’agenda' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Régénérer le lien' })).toBeInTheDocument();
});

test('"Régénérer le lien" asks first; cancelling changes nothing, confirming shows the new address', async () => {
  const user = userEvent.setup();
  getMock.mockResolvedValue({ createdAt: CREATED_AT, hasLicence: true });
  renderScreen(<CalendarFeedSection />, ROUTE);
  await user.click(await screen.findByRole('button', { name: 'Régénérer le lien' }));
  const dialog = screen.getByRole('dialog', { name: 'Régénérer le lien de l’agenda' });
  expect(dialog).toHaveTextContent('L’ancien lien cessera de fonctionner immédiatement');
  await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect(regenerateMock).not.toHaveBeenCalled();
  await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

  await user.click(screen.getByRole('button', { name: 'Régénérer le lien' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Régénérer le lien de l’agenda' })).getByRole('button', {
      name: 'Régénérer le lien',
    }),
  );
  expect(regenerateMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(await screen.findByLabelText('Lien de votre agenda')).toHaveValue(SECOND_URL);
  expect(await screen.findByText('Nouveau lien créé : l’ancien ne fonctionne plus')).toBeInTheDocument();
});

test('without a licence it says one is needed and offers no address', async () => {
  getMock.mockResolvedValue({ createdAt: null, hasLicence: false });
  renderScreen(<CalendarFeedSection />, ROUTE);
  expect(await screen.findByText(/Il vous faut une licence dans cette organisation/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Créer mon lien d’agenda' })).not.toBeInTheDocument();
});

test('a refused creation shows the server’s message and no address', async () => {
  const user = userEvent.setup();
  createMock.mockImplementation(() =>
    refusedLikeTheApiClient(
      'Une licence dans cette organisation est nécessaire pour obtenir un lien d’agenda',
    ),
  );
  renderScreen(<CalendarFeedSection />, ROUTE);
  await user.click(await screen.findByRole('button', { name: 'Créer mon lien d’agenda' }));
  expect(
    await screen.findByText(
      'Une licence dans cette organisation est nécessaire pour obtenir un lien d’agenda',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Lien de votre agenda')).not.toBeInTheDocument();
});

test('it explains how to add the address to Google Agenda, Outlook and Apple Calendrier', async () => {
  renderScreen(<CalendarFeedSection />, ROUTE);
  expect(screen.getByText('Comment ajouter le lien à mon agenda ?')).toBeInTheDocument();
  for (const name of ['Google Agenda', 'Outlook', 'Apple Calendrier'])
    expect(screen.getByText(name, { selector: 'strong' })).toBeInTheDocument();
});
