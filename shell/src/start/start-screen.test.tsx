import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastHost, useSessionStore } from '@app/platform';
import { StartScreen } from './start-screen';

function renderStart() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<StartScreen />} />
        <Route path="/dashboard/prospect" element={<p>Prospection</p>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ organisations: [], currentOrganisationId: null, user: null });
});

test('with an organisation, it lists the six modules and only prospecting opens', async () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  renderStart();
  expect(screen.getAllByRole('button')).toHaveLength(6);
  await userEvent.click(screen.getByRole('button', { name: /^Devis/ }));
  expect(await screen.findByText('Fonctionnalité non disponible')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /^Logiciel de prospection/ }));
  expect(screen.getByText('Prospection')).toBeInTheDocument();
});

test('without an organisation, it shows "Démarrez votre aventure" with its two tabs', async () => {
  renderStart();
  expect(screen.getByRole('heading', { name: 'Démarrez votre aventure' })).toBeInTheDocument();
  expect(await screen.findByLabelText('Raison Sociale')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Rejoindre une équipe' }));
  expect(screen.getByText(/suivez le lien de l'e-mail d'invitation/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Demander une invitation' })).toBeInTheDocument();
});

test("the organisation form says 'Raison sociale invalide' for a name of 3 characters and sends nothing", async () => {
  renderStart();
  await userEvent.type(await screen.findByLabelText('Raison Sociale'), 'ABC');
  await userEvent.type(screen.getByLabelText('Téléphone'), '0612345678');
  await userEvent.click(screen.getByRole('button', { name: 'Créer mon organisation' }));
  expect(await screen.findByText('Raison sociale invalide')).toBeInTheDocument();
});

test("the organisation form says 'Numéro de téléphone invalide' for a phone of 9 characters", async () => {
  renderStart();
  await userEvent.type(await screen.findByLabelText('Raison Sociale'), 'Alpha Conseil');
  await userEvent.type(screen.getByLabelText('Téléphone'), '061234567');
  await userEvent.click(screen.getByRole('button', { name: 'Créer mon organisation' }));
  expect(await screen.findByText('Numéro de téléphone invalide')).toBeInTheDocument();
});
