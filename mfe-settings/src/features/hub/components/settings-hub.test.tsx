import { render, screen } from '@testing-library/react';
import { SettingsHub } from './settings-hub';

test('shows the six settings tiles of the hub', () => {
  render(<SettingsHub />);
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Collaborateurs',
    'Abonnement',
    'Rôles',
    'Équipes et organisations',
    'Données',
    'Compte',
  ]);
});
