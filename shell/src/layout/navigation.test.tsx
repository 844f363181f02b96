import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { APP_EVENTS, ToastHost, useAppEvent, useSessionStore } from '@app/platform';
import { NAV_COLLAPSE_BREAKPOINT_PX, Navigation } from './navigation';

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function renderNavigation() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/prospect/list']}>
      <Navigation />
      <ToastHost />
    </MemoryRouter>,
  );
}

function EventProbe({ onOpen }: { onOpen: () => void }) {
  useAppEvent(APP_EVENTS.openImportModal, onOpen);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ navCollapsed: null, token: 't' });
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

test('rounds management is not available yet and says so for 2 s', async () => {
  setWindowWidth(2000);
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderNavigation();
  await user.click(screen.getByRole('button', { name: 'Gestion des tournées' }));
  expect(await screen.findByText('Fonctionnalité non disponible')).toBeInTheDocument();
  jest.useRealTimers();
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
