import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import ProspectingRoutes from './routes';

function CurrentPath() {
  return <output aria-label="Adresse">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ProspectingRoutes />
      <CurrentPath />
    </MemoryRouter>,
  );
}

// The list screen's code is loaded when first needed (routes.tsx): each test waits for it.
test('the prospecting home goes straight to the todo list', async () => {
  renderAt('/dashboard/prospect');
  await waitFor(() =>
    expect(screen.getByLabelText('Adresse')).toHaveTextContent('/dashboard/opportunity/list/todo'),
  );
  expect(await screen.findByRole('tab', { name: 'A faire' })).toHaveAttribute('aria-selected', 'true');
});

test('an unknown list filter redirects to /dashboard/opportunity/list/all', async () => {
  renderAt('/dashboard/opportunity/list/nimportequoi');
  await waitFor(() =>
    expect(screen.getByLabelText('Adresse')).toHaveTextContent('/dashboard/opportunity/list/all'),
  );
});

test('the tabs move between the five lists', async () => {
  renderAt('/dashboard/opportunity/list/all');
  await screen.findByRole('tab', { name: 'Gagné' });
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Toute Opportunités',
    'A faire',
    'En attente',
    'Perdu',
    'Gagné',
  ]);
  await userEvent.click(screen.getByRole('tab', { name: 'Gagné' }));
  expect(screen.getByLabelText('Adresse')).toHaveTextContent('/dashboard/opportunity/list/win');
});
