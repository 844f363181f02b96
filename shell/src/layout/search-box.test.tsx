import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SearchBox } from './search-box';

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="Adresse">{`${location.pathname}${location.search}`}</output>;
}

test('Enter searches all opportunities for the typed text', async () => {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <SearchBox />
      <CurrentLocation />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'boulangerie lyon{Enter}');
  expect(screen.getByLabelText('Adresse')).toHaveTextContent(
    '/dashboard/opportunity/list/all?search=boulangerie%20lyon',
  );
});
