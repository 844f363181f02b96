import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoPrices, ORGANISATION_ID, renderAtSettled, signIn } from '../../../test-utils/render-screen';
import { getMainSub } from '../api/get-main-sub';
import { getPrices } from '../api/get-prices';
import { newLicense } from '../api/new-license';
import { leaveForCheckout } from '../utils/leave-for-checkout';

jest.mock('../api/get-prices');
jest.mock('../api/get-main-sub');
jest.mock('../api/new-license');
// jsdom cannot leave the page: the one function that does is watched instead.
jest.mock('../utils/leave-for-checkout');
const getPricesMock = jest.mocked(getPrices);
const getMainSubMock = jest.mocked(getMainSub);
const newLicenseMock = jest.mocked(newLicense);
const leaveMock = jest.mocked(leaveForCheckout);

const MANAGER_YEARLY = {
  price: 'demo_2_yearly',
  plan: 2 as const,
  period: 'yearly' as const,
  seats: 1,
  status: 'active' as const,
  renewalAt: Date.UTC(2027, 10, 22),
};

beforeEach(() => {
  signIn();
  getPricesMock.mockReset().mockResolvedValue(demoPrices());
  getMainSubMock.mockReset().mockResolvedValue(MANAGER_YEARLY);
  newLicenseMock.mockReset();
  leaveMock.mockReset();
});

const counter = () => screen.getByRole('spinbutton', { name: 'Nombre de licences' });

test('it recaps the current plan and billing, with a licence counter starting at one', async () => {
  await renderAtSettled('/dashboard/paiement/new');
  expect(getMainSubMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  const recap = screen.getByRole('form', { name: 'Pack Manager' });
  expect(within(recap).getByText("A l'année")).toBeInTheDocument();
  expect(counter()).toHaveValue(1);
  expect(within(recap).getByTestId('invoice-amount')).toHaveTextContent('238,80 € HT (286,56 € TTC)');
  expect(screen.getByRole('complementary', { name: 'Mode démonstration' })).toBeInTheDocument();
});

test("going below one licence keeps one and says 'Vous ne pouvez pas avoir moins d'une licence'", async () => {
  await renderAtSettled('/dashboard/paiement/new');
  await userEvent.click(screen.getByRole('button', { name: 'Retirer une licence' }));
  expect(screen.getByRole('alert')).toHaveTextContent("Vous ne pouvez pas avoir moins d'une licence");
  expect(counter()).toHaveValue(1);
  expect(counter()).toHaveAttribute('aria-invalid', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une licence' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(counter()).toHaveValue(2);
});

test('typing 0 shows the message and buys nothing', async () => {
  await renderAtSettled('/dashboard/paiement/new');
  await userEvent.clear(counter());
  await userEvent.type(counter(), '0');
  expect(screen.getByRole('alert')).toHaveTextContent("Vous ne pouvez pas avoir moins d'une licence");
  expect(screen.getByTestId('invoice-amount')).toHaveTextContent('—');
  await userEvent.click(screen.getByRole('button', { name: 'Acheter les licences' }));
  expect(newLicenseMock).not.toHaveBeenCalled();
});

test('two more licences with a promo code: newLicense, then the checkout page', async () => {
  newLicenseMock.mockResolvedValue({ link: 'http://localhost/api/stripe/demo/checkout/cs_demo_2' });
  await renderAtSettled('/dashboard/paiement/new');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une licence' }));
  expect(screen.getByTestId('invoice-amount')).toHaveTextContent('477,60 € HT (573,12 € TTC)');
  await userEvent.type(screen.getByLabelText('Code promo'), 'BIENVENUE10');
  await userEvent.click(screen.getByRole('button', { name: 'Acheter les licences' }));
  await waitFor(() =>
    expect(leaveMock).toHaveBeenCalledWith('http://localhost/api/stripe/demo/checkout/cs_demo_2'),
  );
  expect(newLicenseMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    product: 'demo_2_yearly',
    numberLicence: 2,
    code: 'BIENVENUE10',
  });
});

test('without a subscription it sends the owner to choose a pack first', async () => {
  getMainSubMock.mockResolvedValue({ price: null });
  await renderAtSettled('/dashboard/paiement/new');
  expect(screen.getByRole('link', { name: 'Choisir un pack' })).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
  expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
});

test('a member who is not the owner reads why they cannot buy', async () => {
  signIn({ isOwner: false });
  await renderAtSettled('/dashboard/paiement/new');
  expect(screen.getByRole('note')).toHaveTextContent('Seul le propriétaire de l’organisation');
  expect(screen.queryByRole('button', { name: 'Acheter les licences' })).not.toBeInTheDocument();
});

test("the subscription's warning (a failed payment, seats taken back) is shown to the owner", async () => {
  getMainSubMock.mockResolvedValue({
    ...MANAGER_YEARLY,
    warning: 'Le dernier paiement de votre abonnement a échoué : mettez à jour votre moyen de paiement.',
  });
  await renderAtSettled('/dashboard/paiement/new');
  expect(screen.getByRole('status')).toHaveTextContent('Le dernier paiement de votre abonnement a échoué');
});
