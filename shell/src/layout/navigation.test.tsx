import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { APP_EVENTS, ToastHost, useAppEvent, useSessionStore } from '@app/platform';
import committedManifest from '../../../remotes.json';
import { parseRemoteManifest } from '../remotes/remote-manifest';
import { RemotesContext } from '../remotes/remotes-context';
import { NAV_COLLAPSE_BREAKPOINT_PX, Navigation } from './navigation';

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function renderNavigation(manifest: unknown = committedManifest) {
  return render(
    <RemotesContext.Provider value={parseRemoteManifest(manifest, 'http://localhost').remotes}>
      <MemoryRouter initialEntries={['/dashboard/prospect/list']}>
        <Navigation />
        <ToastHost />
      </MemoryRouter>
    </RemotesContext.Provider>,
  );
}

/** The committed manifest with rounds management switched on or off: one manifest edit (module-manifest.md). */
function manifestWithRounds(active: boolean) {
  const { prospecting } = committedManifest;
  return {
    ...committedManifest,
    prospecting: {
      ...prospecting,
      module: {
        ...prospecting.module,
        navigation: prospecting.module.navigation.map((entry) => ({ ...entry, active })),
      },
    },
  };
}

function withRole(binaryValue: number) {
  useSessionStore
    .getState()
    .setOrganisations([
      { _id: 'o1', name: 'Alpha', role: { _id: 'r', name: 'Rôle', binaryValue: String(binaryValue) } },
    ]);
}

function EventProbe({ onOpen }: { onOpen: () => void }) {
  useAppEvent(APP_EVENTS.openImportModal, onOpen);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ navCollapsed: null, token: 't', organisations: [], permissions: 0 });
});

test('with no saved choice, it starts collapsed when the window is narrower than 1728 px', () => {
  setWindowWidth(NAV_COLLAPSE_BREAKPOINT_PX - 1);
  renderNavigation();
  expect(screen.getByRole('button', { name: 'Déplier le menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('with no saved choice, it starts expanded on a window of 1728 px or more', () => {
  setWindowWidth(NAV_COLLAPSE_BREAKPOINT_PX);
  renderNavigation();
  expect(screen.getByRole('button', { name: 'Réduire le menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('the collapse choice is kept in local storage and wins over the window width', async () => {
  setWindowWidth(2000);
  renderNavigation();
  await userEvent.click(screen.getByRole('button', { name: 'Réduire le menu' }));
  expect(localStorage.getItem('navCollapsed')).toBe('true');
  expect(screen.getByRole('button', { name: 'Déplier le menu' })).toBeInTheDocument();
});

test('the Opportunities menu lists all, todo, waiting, loose, win and unassigned', async () => {
  setWindowWidth(2000);
  renderNavigation();
  await userEvent.click(screen.getByRole('button', { name: 'Opportunités' }));
  const links = ['all', 'todo', 'waiting', 'loose', 'win'].map((filter) =>
    screen
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === `/dashboard/opportunity/list/${filter}`),
  );
  expect(links.every(Boolean)).toBe(true);
  expect(screen.getByRole('link', { name: 'Non attribuées' })).toHaveAttribute(
    'href',
    '/dashboard/opportunity/unassigned',
  );
});

test('in the collapsed rail, "Opportunités" opens a panel with its entries and moves the focus to the first one', async () => {
  setWindowWidth(1366);
  renderNavigation();
  await userEvent.click(screen.getByRole('button', { name: 'Opportunités' }));
  const group = screen.getByRole('button', { name: 'Opportunités' });
  const panel = document.getElementById(group.getAttribute('aria-controls') ?? '');
  expect(panel).not.toBeNull();
  expect(panel).toHaveTextContent('Non attribuées');
  const unassigned = within(panel as HTMLElement).getByRole('link', { name: 'Non attribuées' });
  expect(unassigned).toHaveAttribute('href', '/dashboard/opportunity/unassigned');
  expect(within(panel as HTMLElement).getAllByRole('link')[0]).toHaveFocus();
});

test('in the collapsed rail, Escape closes the panel and gives the focus back to its group', async () => {
  setWindowWidth(1366);
  renderNavigation();
  const group = screen.getByRole('button', { name: 'Campagnes' });
  await userEvent.click(group);
  expect(screen.getByRole('button', { name: 'Importer une campagne' })).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('button', { name: 'Importer une campagne' })).not.toBeInTheDocument();
  expect(group).toHaveAttribute('aria-expanded', 'false');
  expect(group).toHaveFocus();
});

test('in the collapsed rail, choosing an entry or clicking elsewhere closes the panel', async () => {
  setWindowWidth(1366);
  const onOpen = jest.fn();
  render(
    <MemoryRouter>
      <Navigation />
      <EventProbe onOpen={onOpen} />
      <p>Ailleurs</p>
    </MemoryRouter>,
  );
  const group = screen.getByRole('button', { name: 'Campagnes' });
  await userEvent.click(group);
  await userEvent.click(screen.getByRole('button', { name: 'Importer une campagne' }));
  expect(onOpen).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('button', { name: 'Importer une campagne' })).not.toBeInTheDocument();
  expect(group).toHaveFocus();

  await userEvent.click(group);
  await userEvent.click(screen.getByText('Ailleurs'));
  expect(screen.queryByRole('button', { name: 'Importer une campagne' })).not.toBeInTheDocument();
});

test('in the expanded rail, a group opens in place and keeps the focus on its button', async () => {
  setWindowWidth(2000);
  renderNavigation();
  const group = screen.getByRole('button', { name: 'Opportunités' });
  await userEvent.click(group);
  expect(group).not.toHaveAttribute('aria-controls');
  expect(group).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Non attribuées' })).toBeInTheDocument();
});

test('"Importer une campagne" sends the open-import event to the prospecting remote', async () => {
  setWindowWidth(2000);
  const onOpen = jest.fn();
  render(
    <MemoryRouter>
      <Navigation />
      <EventProbe onOpen={onOpen} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Campagnes' }));
  await userEvent.click(screen.getByRole('button', { name: 'Importer une campagne' }));
  expect(onOpen).toHaveBeenCalledTimes(1);
});

test('rounds management, deactivated in the manifest, is not available yet and says so for 2 s', async () => {
  setWindowWidth(2000);
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderNavigation(manifestWithRounds(false));
  await user.click(screen.getByRole('button', { name: 'Gestion des tournées' }));
  expect(await screen.findByText('Fonctionnalité non disponible')).toBeInTheDocument();
  jest.useRealTimers();
});

test('rounds management activated in the manifest links to /dashboard/tournees for a role with bit 16384', () => {
  setWindowWidth(2000);
  withRole(16384);
  renderNavigation(manifestWithRounds(true));
  expect(screen.getByRole('link', { name: 'Gestion des tournées' })).toHaveAttribute(
    'href',
    '/dashboard/tournees',
  );
});

test('rounds management activated in the manifest is hidden from a role without "Créer une gestion de tournée"', () => {
  setWindowWidth(2000);
  withRole(128);
  renderNavigation(manifestWithRounds(true));
  expect(screen.queryByRole('link', { name: 'Gestion des tournées' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Gestion des tournées' })).not.toBeInTheDocument();
});

test('the entries of the manifest keep their place: after Campagnes, before Mon compte', () => {
  setWindowWidth(2000);
  withRole(16384);
  renderNavigation();
  const labels = screen.getAllByRole('listitem').map((item) => item.textContent);
  expect(labels.indexOf('Gestion des tournées')).toBe(labels.indexOf('Campagnes') + 1);
  expect(labels.indexOf('Mon compte')).toBe(labels.indexOf('Gestion des tournées') + 1);
});

test('"Mon compte" leads to the account page of the settings', () => {
  setWindowWidth(2000);
  renderNavigation();
  expect(screen.getByRole('link', { name: 'Mon compte' })).toHaveAttribute(
    'href',
    '/dashboard/prospect/settings/compte',
  );
});

test('logout clears local storage and goes to /login', async () => {
  setWindowWidth(2000);
  localStorage.setItem('token', 'abc');
  localStorage.setItem('CurrentOrganisation', 'org');
  localStorage.setItem('todo', 'a;b');
  useSessionStore.setState({ token: 'abc' });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<Navigation />} />
        <Route path="/login" element={<p>Écran de connexion</p>} />
      </Routes>
    </MemoryRouter>,
  );
  // No API runs in unit tests: the revoke call fails, and the logout must happen anyway.
  const jsdomReport = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await userEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
  expect(await screen.findByText('Écran de connexion')).toBeInTheDocument();
  expect(localStorage.length).toBe(0);
  expect(useSessionStore.getState().token).toBeNull();
  jsdomReport.mockRestore();
});
