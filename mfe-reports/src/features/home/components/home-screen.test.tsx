import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSessionStore } from '@app/platform';
import { HomeScreen } from './home-screen';

test('the first screen shows the module title and the organisation chosen in the shell', () => {
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha Conseil' }]);
  render(
    <MemoryRouter>
      <HomeScreen />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Rapports' })).toBeInTheDocument();
  expect(screen.getByText('Organisation : Alpha Conseil')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Revenir à l’accueil' })).toHaveAttribute('href', '/dashboard');
});
