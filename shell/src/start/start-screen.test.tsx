import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastHost, useSessionStore } from '@app/platform';
import committedManifest from '../../../remotes.json';
import { parseRemoteManifest } from '../remotes/remote-manifest';
import { RemotesContext } from '../remotes/remotes-context';
import { StartScreen } from './start-screen';

const ORIGIN = 'http://localhost';

function renderStart(manifest: unknown = committedManifest) {
  const { remotes } = parseRemoteManifest(manifest, ORIGIN);
  return render(
    <RemotesContext.Provider value={remotes}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<StartScreen />} />
          <Route path="/dashboard/prospect" element={<p>Prospection</p>} />
          <Route path="/dashboard/crm" element={<p>Écran CRM</p>} />
        </Routes>
        <ToastHost />
      </MemoryRouter>
    </RemotesContext.Provider>,
  );
}

/** The committed manifest with CRM deployed and activated: the change a CRM team would ship. */
function manifestWithActiveCrm(permission?: number) {
  return {
    ...committedManifest,
    crm: {
      entry: 'https://crm.exemple.fr/mf-manifest.json',
      routes: ['/dashboard/crm'],
      module: {
        ...committedManifest.crm.module,
        to: '/dashboard/crm',
        active: true,
        ...(permission ? { permission } : {}),
      },
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ organisations: [], currentOrganisationId: null, user: null });
});

test('with an organisation, it lists the six modules of the manifest and only prospecting opens', async () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  renderStart();
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Logiciel de prospectionFichiers, opportunités et relances.',
    'Gestion de la relation clientSuivi des clients et des contacts.Bientôt disponible',
    'DevisCréation et suivi des devis.Bientôt disponible',
    'Espace client dédiéUn portail pour vos clients.Bientôt disponible',
    'Gestion documentaireVos documents au même endroit.Bientôt disponible',
    'Gestion des interventionsPlanification des interventions.Bientôt disponible',
  ]);
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

test('activating CRM in the manifest turns its card into a link to its screen, with no shell change', async () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  renderStart(manifestWithActiveCrm());
  const card = screen.getByRole('button', { name: /^Gestion de la relation client/ });
  expect(card).not.toHaveTextContent('Bientôt disponible');
  await userEvent.click(card);
  expect(screen.getByText('Écran CRM')).toBeInTheDocument();
});

test("an active module whose permission bit the user's role lacks shows no card", () => {
  useSessionStore
    .getState()
    .setOrganisations([
      { _id: 'o1', name: 'Alpha', role: { _id: 'r', name: 'Commercial', binaryValue: String(128) } },
    ]);
  renderStart(manifestWithActiveCrm(16384));
  expect(screen.queryByRole('button', { name: /^Gestion de la relation client/ })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button')).toHaveLength(5);
});

test('a malformed module entry is left out and the other cards still show', () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  renderStart({ ...committedManifest, quotes: { module: { title: 'Devis', active: 'oui' } } });
  expect(screen.queryByRole('button', { name: /^Devis/ })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button')).toHaveLength(5);
});

test('without a manifest, the start screen says no module is available', () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  renderStart({});
  expect(screen.getByText("Aucun module n'est disponible pour le moment.")).toBeInTheDocument();
});
