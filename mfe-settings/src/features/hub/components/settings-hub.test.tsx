import { screen } from '@testing-library/react';
import { maskOf } from '@app/domain';
import { renderScreen, signIn } from '../../../test-utils/render-screen';
import { SettingsHub } from './settings-hub';

test('shows the six settings tiles of the hub, each leading to its page', () => {
  renderScreen(<SettingsHub />, { path: '/dashboard/prospect/settings' });
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Collaborateurs',
    'Abonnement',
    'Rôles',
    'Équipes et organisations',
    'Données',
    'Compte',
  ]);
  const hrefs = Object.fromEntries(
    screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
  );
  expect(hrefs).toEqual({
    Collaborateurs: '/dashboard/prospect/settings/collaborateurs',
    Abonnement: '/dashboard/subscription',
    Rôles: '/dashboard/prospect/settings/roles',
    'Équipes et organisations': '/dashboard/prospect/settings/organisation',
    Données: '/dashboard/prospect/settings/donnees',
    Compte: '/dashboard/prospect/settings/compte',
  });
});

test("the browser tab reads 'Paramètres — Prospection'", () => {
  renderScreen(<SettingsHub />, { path: '/dashboard/prospect/settings' });
  expect(document.title).toBe('Paramètres — Prospection');
});

test('adds the "Historique" tile only for a role holding "Voir l’historique"', () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS', 'VIEW_HISTORY']), isOwner: false });
  const { unmount } = renderScreen(<SettingsHub />, { path: '/dashboard/prospect/settings' });
  expect(screen.getByRole('link', { name: 'Historique' })).toHaveAttribute(
    'href',
    '/dashboard/prospect/settings/historique',
  );
  unmount();
  signIn({ mask: maskOf(['VIEW_PROSPECTS', 'VIEW_REPORTS']), isOwner: false });
  renderScreen(<SettingsHub />, { path: '/dashboard/prospect/settings' });
  expect(screen.queryByRole('link', { name: 'Historique' })).not.toBeInTheDocument();
});
