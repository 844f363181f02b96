import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderAt,
  signIn,
} from '../../../test-utils/render-screen';
import { savePayment } from '../api/save-payment';

jest.mock('../api/save-payment');
const saveMock = jest.mocked(savePayment);

beforeEach(() => {
  signIn();
  saveMock.mockReset();
});

test('the loading page saves the session once, then shows "Paiement accepté"; "Validé" goes to /dashboard/prospect', async () => {
  saveMock.mockResolvedValue({ message: 'Paiement enregistré', seats: 3 });
  renderAt('/dashboard/paiement/loading?session_id=cs_demo_1');
  expect(screen.getByRole('heading', { name: 'Paiement en cours de vérification…' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Paiement accepté' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/paiement/success');
  expect(screen.getByText(/3 licences sont disponibles/)).toBeInTheDocument();
  // StrictMode runs the effect twice; the session is saved once.
  expect(saveMock).toHaveBeenCalledTimes(1);
  expect(saveMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, session_id: 'cs_demo_1' });
  await userEvent.click(screen.getByRole('button', { name: 'Validé' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/prospect');
});

test('a refused save ends on "Erreur de paiement" with the server message', async () => {
  saveMock.mockImplementation(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return refusedLikeTheApiClient('Paiement non confirmé par le prestataire');
  });
  renderAt('/dashboard/paiement/loading?session_id=cs_inconnue');
  expect(await screen.findByRole('heading', { name: 'Erreur de paiement' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/paiement/cancel');
  expect(await screen.findByText('Paiement non confirmé par le prestataire')).toBeInTheDocument();
});

test('without a session id the loading page goes straight to the error page', async () => {
  renderAt('/dashboard/paiement/loading');
  expect(await screen.findByRole('heading', { name: 'Erreur de paiement' })).toBeInTheDocument();
  expect(saveMock).not.toHaveBeenCalled();
});

test('"Erreur de paiement" has the same "Validé" button to /dashboard/prospect', async () => {
  renderAt('/dashboard/paiement/cancel');
  expect(screen.getByText(/aucune licence n’a été ajoutée/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Validé' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/prospect'));
});

test('"Paiement accepté" reached directly still thanks the owner', () => {
  renderAt('/dashboard/paiement/success');
  expect(screen.getByRole('heading', { name: 'Paiement accepté' })).toBeInTheDocument();
  expect(screen.getByText(/Vos licences sont disponibles/)).toBeInTheDocument();
});

test('"Erreur de paiement" links back to the subscription page to try again', () => {
  renderAt('/dashboard/paiement/cancel');
  expect(screen.getByRole('link', { name: 'la page d’abonnement' })).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
});
