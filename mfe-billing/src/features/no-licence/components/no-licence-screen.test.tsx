import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@app/platform';
import BillingRoutes from '../../../routes';

function renderNoSub() {
  render(
    <MemoryRouter initialEntries={['/dashboard/nosub']}>
      <Routes>
        <Route path="/dashboard" element={<p>Accueil</p>} />
        <Route path="*" element={<BillingRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  act(() => useSessionStore.setState({ currentOrganisationId: null }));
});

test('/dashboard/nosub says that a licence is missing and whom to ask', () => {
  renderNoSub();
  expect(
    screen.getByRole('heading', {
      name: "Aucune licence… veuillez contacter l'administrateur de votre organisation",
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Revenir à l’accueil' })).toHaveAttribute('href', '/dashboard');
});

test('switching to another organisation leaves the page for the home page', () => {
  act(() => useSessionStore.setState({ currentOrganisationId: 'a'.repeat(24) }));
  renderNoSub();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aucune licence');
  act(() => useSessionStore.setState({ currentOrganisationId: 'b'.repeat(24) }));
  expect(screen.getByText('Accueil')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /Aucune licence/ })).not.toBeInTheDocument();
});
