import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { ToastHost } from '@app/platform';
import { ORGANISATION_ID, signInAdministrator } from '../../../test-utils/administrator';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { createOpportunity } from '../api/create-opportunity';
import { getUnassigned } from '../api/get-unassigned';
import { takeNext } from '../api/take-next';
import type { UnassignedProspect } from '../types/unassigned-prospect';
import { UnassignedScreen } from './unassigned-screen';

jest.mock('../api/get-unassigned');
jest.mock('../api/take-next');
jest.mock('../api/create-opportunity');

fakeLayout();

const row = (index: number): UnassignedProspect => ({
  _id: `p${String(index).padStart(23, '0')}`,
  excelId: 'f1',
  prospect: `Prospect ${index}`,
  enseigne: 'Aucun',
  codePostale: '35000',
  ville: 'Rennes',
  adresseComplete: '1 rue',
  site: 'Aucun',
  telephone: '0299000000',
  username: 'Martin Claire',
  // Some prospects carry a placeholder SIRET.
  siretFlagged: index % 10 === 7,
});

function Probe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

function renderPool() {
  render(
    <MemoryRouter initialEntries={['/dashboard/opportunity/unassigned']}>
      <Routes>
        <Route path="/dashboard/opportunity/unassigned" element={<UnassignedScreen />} />
        <Route path="*" element={<Probe />} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signInAdministrator();
  jest
    .mocked(getUnassigned)
    .mockReset()
    .mockImplementation(async ({ offset, limit }) => {
      const total = 20_000;
      const value = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
        row(offset + i),
      );
      return { value, total };
    });
  jest.mocked(takeNext).mockReset();
  jest.mocked(createOpportunity).mockReset();
});

test('it lists the pool virtualized, with its size', async () => {
  renderPool();
  expect(await screen.findByText('20 000 prospects disponibles')).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'Prospect 0' })).toBeInTheDocument();
  expect(screen.getAllByRole('row').length).toBeLessThan(60);
  expect(getUnassigned).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, offset: 0, limit: 500 });
});

test('"Prendre le suivant" takes the first prospect and opens the new opportunity', async () => {
  jest.mocked(takeNext).mockResolvedValue({ opportunityId: 'o1' });
  renderPool();
  await screen.findByRole('cell', { name: 'Prospect 0' });
  await userEvent.click(screen.getByRole('button', { name: 'Prendre le suivant' }));
  expect(takeNext).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/opportunity/o1?type=todo');
});

test('"Prendre" on a row makes it an opportunity and offers to open it', async () => {
  jest.mocked(createOpportunity).mockResolvedValue({ opportunityId: 'o2', state: 'TODO' });
  renderPool();
  const cell = await screen.findByRole('cell', { name: 'Prospect 3' });
  const line = cell.closest('tr') as HTMLElement;
  await userEvent.click(within(line).getByRole('button', { name: 'Prendre Prospect 3' }));
  expect(createOpportunity).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, prospectId: row(3)._id });
  expect(await screen.findByText('Prospect 3 est maintenant une de vos opportunités')).toBeInTheDocument();
});

test('a prospect whose SIRET is invalid is marked "SIRET à vérifier" before its name', async () => {
  renderPool();
  const flagged = await screen.findByRole('cell', { name: 'SIRET à vérifier Prospect 7' });
  expect(within(flagged).getByText('SIRET à vérifier')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Prospect 3' })).not.toHaveTextContent('SIRET à vérifier');
});
