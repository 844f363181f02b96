import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@app/platform';
import { DashboardLayout } from './dashboard-layout';

/** jsdom has no matchMedia: a window of `width` px answers the max-width queries of ui.css. */
function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
    },
  });
}

function renderLayout() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/prospect/settings']}>
      <Routes>
        <Route
          path="*"
          element={
            <DashboardLayout>
              <p>Contenu de l’écran</p>
            </DashboardLayout>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ navCollapsed: null, token: 't', organisations: [], permissions: 0 });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

test('under 768 px the rail gives way to a "Menu" button that controls a closed drawer', () => {
  setWindowWidth(390);
  renderLayout();
  expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  const drawer = document.getElementById(menuButton().getAttribute('aria-controls') ?? '');
  expect(drawer).not.toBeNull();
  expect(drawer).not.toBeVisible();
});

test('from 768 px the rail stays and there is no "Menu" button', () => {
  setWindowWidth(768);
  renderLayout();
  expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
});

test('"Menu" opens the drawer with the expanded navigation and moves the focus into it', async () => {
  setWindowWidth(390);
  renderLayout();
  await userEvent.click(menuButton());
  expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  const drawer = screen.getByRole('dialog', { name: 'Menu' });
  expect(drawer).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  // Expanded: labels are plain text and there is no collapse toggle in a drawer.
  expect(screen.queryByRole('button', { name: 'Réduire le menu' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
});

test('Tab and Shift+Tab stay inside the open drawer', async () => {
  setWindowWidth(390);
  renderLayout();
  await userEvent.click(menuButton());
  await userEvent.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Déconnexion' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
});

test('Escape closes the drawer and gives the focus back to "Menu"', async () => {
  setWindowWidth(390);
  renderLayout();
  await userEvent.click(menuButton());
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  expect(menuButton()).toHaveFocus();
});

test('a tap on the backdrop closes the drawer', async () => {
  setWindowWidth(390);
  const { container } = renderLayout();
  await userEvent.click(menuButton());
  const backdrop = container.querySelector('.shell-drawer-backdrop');
  expect(backdrop).toBeVisible();
  await userEvent.click(backdrop as Element);
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  expect(menuButton()).toHaveFocus();
});

test('choosing an entry navigates and closes the drawer; a group opens in place', async () => {
  setWindowWidth(390);
  render(
    <MemoryRouter initialEntries={['/dashboard/prospect/settings']}>
      <Routes>
        <Route
          path="*"
          element={
            <DashboardLayout>
              <Routes>
                <Route path="/dashboard/prospect/settings/compte" element={<h1>Mon compte</h1>} />
                <Route path="*" element={<h1>Paramètres</h1>} />
              </Routes>
            </DashboardLayout>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.click(menuButton());
  await userEvent.click(screen.getByRole('button', { name: 'Opportunités' }));
  expect(screen.getByRole('link', { name: 'Non attribuées' })).toBeVisible();
  await userEvent.click(screen.getByRole('link', { name: 'Mon compte' }));
  expect(screen.getByRole('heading', { name: 'Mon compte' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  expect(menuButton()).toHaveFocus();
});

test('an action entry (no navigation) closes the drawer too', async () => {
  setWindowWidth(390);
  renderLayout();
  await userEvent.click(menuButton());
  await userEvent.click(screen.getByRole('button', { name: 'Campagnes' }));
  await userEvent.click(screen.getByRole('button', { name: 'Importer une campagne' }));
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
});

test('under 768 px the organisation switcher is in the drawer, not the top bar; from 768 px in the top bar', async () => {
  const organisations = [
    { _id: 'a'.repeat(24), name: 'Société Alpha' },
    { _id: 'b'.repeat(24), name: 'Société Beta' },
  ];
  useSessionStore.setState({ organisations, currentOrganisationId: organisations[0]?._id });
  setWindowWidth(390);
  const { unmount } = renderLayout();
  // The drawer is drawn from the top bar: its one select is the drawer's, none on the bar itself.
  const selects = [...document.querySelectorAll('header.shell-header select')];
  expect(selects).toHaveLength(1);
  expect(selects[0]?.closest('.shell-drawer')).not.toBeNull();
  await userEvent.click(menuButton());
  const drawer = screen.getByRole('dialog', { name: 'Menu' });
  const picker = within(drawer).getByRole('combobox', { name: 'Organisation' });
  await userEvent.selectOptions(picker, 'Société Beta');
  expect(useSessionStore.getState().currentOrganisationId).toBe('b'.repeat(24));
  unmount();

  setWindowWidth(1280);
  renderLayout();
  expect(
    within(document.querySelector('header.shell-header') as HTMLElement).getByRole('combobox', {
      name: 'Organisation',
    }),
  ).toBeInTheDocument();
});
