import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  demoPrices,
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderAtSettled,
  signIn,
} from '../../../test-utils/render-screen';
import { createOwner } from '../api/create-owner';
import { getMainSub } from '../api/get-main-sub';
import { getPrices } from '../api/get-prices';
import { leaveForCheckout } from '../utils/leave-for-checkout';

jest.mock('../api/get-prices');
jest.mock('../api/create-owner');
jest.mock('../api/get-main-sub');
// jsdom cannot leave the page: the one function that does is watched instead.
jest.mock('../utils/leave-for-checkout');
const getPricesMock = jest.mocked(getPrices);
const createOwnerMock = jest.mocked(createOwner);
const leaveMock = jest.mocked(leaveForCheckout);
const getMainSubMock = jest.mocked(getMainSub);

beforeEach(() => {
  signIn();
  getPricesMock.mockReset().mockResolvedValue(demoPrices());
  createOwnerMock.mockReset();
  leaveMock.mockReset();
  getMainSubMock.mockReset().mockResolvedValue({ price: null });
});

function pack(name: string) {
  const item = screen.getByRole('heading', { name, level: 2 }).closest('li');
  if (!item) throw new Error(`pack ${name} introuvable`);
  return within(item);
}

test('offers the Individual, Manager and Enterprise packs, each with "Choisir ce pack"', async () => {
  await renderAtSettled('/dashboard/subscription');
  for (const plan of ['Individual', 'Manager', 'Enterprise'])
    expect(pack(plan).getByRole('button')).toHaveTextContent('Choisir ce pack');
  expect(screen.getAllByRole('button', { name: 'Choisir ce pack' })).toHaveLength(3);
  await waitFor(() => expect(getPricesMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID }));
});

test("the browser tab names the step: 'Abonnement · Choix du pack', then 'Abonnement · Récapitulatif'", async () => {
  await renderAtSettled('/dashboard/subscription');
  expect(document.title).toBe('Abonnement · Choix du pack — Prospection');
  await userEvent.click(pack('Manager').getByRole('button', { name: 'Choisir ce pack' }));
  expect(document.title).toBe('Abonnement · Récapitulatif — Prospection');
});

test("'Au mois' shows the monthly-billing prices and 'A l'année' the lower yearly-billing ones, in French format", async () => {
  await renderAtSettled('/dashboard/subscription');
  expect(screen.getByRole('radio', { name: 'Au mois' })).toBeChecked();
  expect(pack('Individual').getByText(/^19,90 € HT/)).toBeInTheDocument();
  expect(pack('Manager').getByText(/^25,90 € HT/)).toBeInTheDocument();
  expect(pack('Enterprise').getByText(/^36,90 € HT/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: "A l'année" }));
  expect(pack('Individual').getByText(/^14,90 € HT/)).toBeInTheDocument();
  expect(pack('Manager').getByText(/^19,90 € HT/)).toBeInTheDocument();
  expect(pack('Enterprise').getByText(/^30,00 € HT/)).toBeInTheDocument();
});

test('each pack shows its TTC price and the yearly total as 12 × the price shown', async () => {
  await renderAtSettled('/dashboard/subscription');
  expect(screen.getByText('Prix hors taxes (HT), TVA de 20 % en sus.')).toBeInTheDocument();
  expect(pack('Manager').getByText('soit 31,08 € TTC')).toBeInTheDocument();
  expect(pack('Manager').getByText(/Total sur un an : 310,80 € HT par utilisateur/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: "A l'année" }));
  expect(
    pack('Individual').getByText(/Total sur un an : 178,80 € HT par utilisateur, facturé en une fois/),
  ).toBeInTheDocument();
  expect(pack('Manager').getByText('soit 23,88 € TTC')).toBeInTheDocument();
  expect(pack('Manager').getByText(/Total sur un an : 238,80 € HT/)).toBeInTheDocument();
  expect(pack('Enterprise').getByText(/Total sur un an : 360,00 € HT/)).toBeInTheDocument();
});

test('"Choisir ce pack" opens step 2 with the pack contents; "Démarrer l\'aventure" sends the promo code and goes to the checkout', async () => {
  createOwnerMock.mockResolvedValue({ link: 'http://localhost/api/stripe/demo/checkout/cs_demo_1' });
  await renderAtSettled('/dashboard/subscription');
  await userEvent.click(screen.getByRole('radio', { name: "A l'année" }));
  await userEvent.click(pack('Manager').getByRole('button', { name: 'Choisir ce pack' }));

  const recap = screen.getByRole('form', { name: 'Pack Manager' });
  expect(within(recap).getByRole('heading', { name: 'Contenu du pack' })).toBeInTheDocument();
  expect(within(recap).getByText('Collaborateurs, rôles et permissions')).toBeInTheDocument();
  expect(within(recap).getByText("A l'année")).toBeInTheDocument();
  expect(within(recap).getByTestId('invoice-amount')).toHaveTextContent('238,80 € HT (286,56 € TTC)');

  await userEvent.type(within(recap).getByLabelText('Code promo'), ' BIENVENUE10 ');
  await userEvent.click(within(recap).getByRole('button', { name: "Démarrer l'aventure" }));
  await waitFor(() =>
    expect(leaveMock).toHaveBeenCalledWith('http://localhost/api/stripe/demo/checkout/cs_demo_1'),
  );
  expect(createOwnerMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    product: 'demo_2_yearly',
    code: 'BIENVENUE10',
  });
});

test('without a promo code no code is sent', async () => {
  createOwnerMock.mockResolvedValue({ link: 'https://checkout.stripe.com/c/pay/cs_1' });
  getPricesMock.mockResolvedValue(demoPrices('stripe'));
  await renderAtSettled('/dashboard/subscription');
  await userEvent.click(pack('Individual').getByRole('button', { name: 'Choisir ce pack' }));
  await userEvent.click(await screen.findByRole('button', { name: "Démarrer l'aventure" }));
  await waitFor(() => expect(leaveMock).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
  expect(createOwnerMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    product: 'price_1_monthly',
  });
});

test('a refused promo code shows the server message and stays on step 2, ready to try again', async () => {
  createOwnerMock.mockImplementation(() => refusedLikeTheApiClient('Code promo inconnu'));
  await renderAtSettled('/dashboard/subscription');
  await userEvent.click(pack('Enterprise').getByRole('button', { name: 'Choisir ce pack' }));
  await userEvent.type(screen.getByLabelText('Code promo'), 'FAUX');
  await userEvent.click(screen.getByRole('button', { name: "Démarrer l'aventure" }));
  expect(await screen.findByText('Code promo inconnu')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: "Démarrer l'aventure" })).toBeEnabled();
  expect(leaveMock).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Changer de pack' }));
  expect(screen.getAllByRole('button', { name: 'Choisir ce pack' })).toHaveLength(3);
});

test('the demonstration provider is announced; the real one is not', async () => {
  const { unmount } = await renderAtSettled('/dashboard/subscription');
  expect(await screen.findByRole('complementary', { name: 'Mode démonstration' })).toHaveTextContent(
    'Mode démonstration : aucun paiement réel.',
  );
  unmount();
  getPricesMock.mockResolvedValue(demoPrices('stripe'));
  await renderAtSettled('/dashboard/subscription');
  await waitFor(() => expect(getPricesMock).toHaveBeenCalledTimes(4));
  expect(screen.queryByText(/Mode démonstration/)).not.toBeInTheDocument();
});

test('a member who is not the owner sees the prices but no buy button, and why', async () => {
  signIn({ isOwner: false });
  await renderAtSettled('/dashboard/subscription');
  expect(pack('Manager').getByText(/^25,90 € HT/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Choisir ce pack' })).not.toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent(
    'Seul le propriétaire de l’organisation peut souscrire un abonnement ou acheter des licences.',
  );
});

test('the add-on cards mark those that need the customer-relation tool', async () => {
  await renderAtSettled('/dashboard/subscription');
  const addOns = screen.getByRole('region', { name: 'Modules complémentaires' });
  const card = (title: string) => within(within(addOns).getByRole('heading', { name: title }).closest('li')!);
  expect(card('Devis').getByText('Nécessite l’outil de gestion de la relation client')).toBeInTheDocument();
  expect(card('Gestion des interventions').getByText(/Nécessite/)).toBeInTheDocument();
  expect(card('Gestion de la relation client').queryByText(/Nécessite/)).not.toBeInTheDocument();
  expect(card('Gestion documentaire').queryByText(/Nécessite/)).not.toBeInTheDocument();
});

test('an organisation that already pays is told what it has, and that a pack chosen here is a second subscription', async () => {
  getMainSubMock.mockResolvedValue({
    price: 'demo_2_monthly',
    plan: 2,
    period: 'monthly',
    seats: 2,
    status: 'active',
    renewalAt: Date.UTC(2026, 11, 6, 12),
  });
  await renderAtSettled('/dashboard/subscription');
  const note = await screen.findByRole('note', { name: 'Abonnement en cours' });
  expect(note).toHaveTextContent(
    'Votre organisation a déjà un abonnement Manager mensuel : 2 licences, payé jusqu’au 06/12/2026.',
  );
  expect(note).toHaveTextContent(
    'Un pack choisi ci-dessous ouvre un second abonnement, facturé en plus du premier.',
  );
  expect(within(note).getByRole('link', { name: 'Ajouter des licences' })).toHaveAttribute(
    'href',
    '/dashboard/paiement/new',
  );
});

test('no notice without a subscription, nor for a cancelled one', async () => {
  await renderAtSettled('/dashboard/subscription');
  await waitFor(() => expect(getMainSubMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID }));
  expect(screen.queryByRole('note', { name: 'Abonnement en cours' })).not.toBeInTheDocument();
});

test('while nothing is bought, the page says until when the free trial runs', async () => {
  const endsAt = new Date(2099, 11, 10, 9, 30).getTime();
  getMainSubMock.mockResolvedValue({ price: null, trialEndsAt: endsAt });
  await renderAtSettled('/dashboard/subscription');
  const note = await screen.findByRole('note', { name: 'Essai gratuit' });
  expect(note).toHaveTextContent('Essai gratuit jusqu’au 10 décembre 2099');
  expect(screen.queryByRole('note', { name: 'Abonnement en cours' })).not.toBeInTheDocument();
});

test('once the trial is over, the page says since when', async () => {
  getMainSubMock.mockResolvedValue({ price: null, trialEndsAt: new Date(2020, 2, 1, 8).getTime() });
  await renderAtSettled('/dashboard/subscription');
  const note = await screen.findByRole('note', { name: 'Essai gratuit' });
  expect(note).toHaveTextContent('Votre essai gratuit a pris fin le 1er mars 2020');
});
