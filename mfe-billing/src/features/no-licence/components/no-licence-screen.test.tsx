import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import BillingRoutes from '../../../routes';

test('/dashboard/nosub says that a licence is missing and whom to ask', () => {
  render(
    <MemoryRouter initialEntries={['/dashboard/nosub']}>
      <BillingRoutes />
    </MemoryRouter>,
  );
  expect(
    screen.getByRole('heading', {
      name: "Aucune licence… veuillez contacter l'administrateur de votre organisation",
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Revenir à l’accueil' })).toHaveAttribute('href', '/dashboard');
});
