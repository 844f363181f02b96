import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@app/platform';
import { OrganisationSwitcher } from './organisation-switcher';

const organisations = [
  { _id: 'a1', name: 'Alpha Conseil' },
  { _id: 'b2', name: 'Beta Industrie' },
];

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ organisations: [], currentOrganisationId: null });
});

test('defaults to the first organisation and keeps the choice under CurrentOrganisation', async () => {
  useSessionStore.getState().setOrganisations(organisations);
  render(<OrganisationSwitcher />);
  const select = screen.getByLabelText('Organisation');
  expect(select).toHaveValue('a1');
  expect(localStorage.getItem('CurrentOrganisation')).toBe('a1');
  await userEvent.selectOptions(select, 'b2');
  expect(localStorage.getItem('CurrentOrganisation')).toBe('b2');
  expect(useSessionStore.getState().currentOrganisationId).toBe('b2');
});

test('keeps a stored organisation the user still belongs to', () => {
  useSessionStore.setState({ currentOrganisationId: 'b2' });
  useSessionStore.getState().setOrganisations(organisations);
  render(<OrganisationSwitcher />);
  expect(screen.getByLabelText('Organisation')).toHaveValue('b2');
});

test('lists every organisation of the user', () => {
  useSessionStore.getState().setOrganisations(organisations);
  render(<OrganisationSwitcher />);
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Alpha Conseil',
    'Beta Industrie',
  ]);
});
