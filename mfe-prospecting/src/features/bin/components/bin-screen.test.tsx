import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { BinRow } from '@app/domain';
import { ApiError, ToastHost } from '@app/platform';
import { ORGANISATION_ID, signInAdministrator } from '../../../test-utils/administrator';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { listBin } from '../api/list-bin';
import { restoreBinItem } from '../api/restore-bin-item';
import { BinScreen } from './bin-screen';

jest.mock('../api/list-bin');
jest.mock('../api/restore-bin-item');

fakeLayout();

const DELETED_AT = Date.UTC(2026, 10, 20, 9, 30);

const item = (index: number): BinRow => ({
  _id: `b${String(index).padStart(23, '0')}`,
  kind: index % 2 === 0 ? 'file' : 'opportunity',
  label: `Élément ${index}`,
  deletedBy: 'u1',
  deletedByName: 'Claire Martin',
  deletedAt: DELETED_AT - index * 60_000,
  purgeAt: DELETED_AT + 30 * 24 * 3600 * 1000,
  counts: { prospects: index % 2 === 0 ? 120 : 0, opportunities: 1, comments: 2 },
});

let total = 5_000;

function renderBin() {
  render(
    <MemoryRouter initialEntries={['/dashboard/prospect/corbeille']}>
      <BinScreen />
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signInAdministrator();
  total = 5_000;
  jest
    .mocked(listBin)
    .mockReset()
    .mockImplementation(async ({ offset, limit }) => ({
      value: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => item(offset + i)),
      total,
    }));
  jest.mocked(restoreBinItem).mockReset();
});

test('it lists thousands of deleted items virtualized, newest first, with what each holds', async () => {
  renderBin();
  expect(await screen.findByText('5 000 éléments')).toBeInTheDocument();
  const cell = await screen.findByRole('cell', { name: 'Élément 0' });
  const line = cell.closest('tr') as HTMLElement;
  expect(within(line).getByRole('cell', { name: 'Fichier de prospects' })).toBeInTheDocument();
  expect(
    within(line).getByRole('cell', { name: '120 prospects, 1 opportunité, 2 commentaires' }),
  ).toBeInTheDocument();
  expect(within(line).getByRole('cell', { name: 'Claire Martin' })).toBeInTheDocument();
  expect(screen.getAllByRole('row').length).toBeLessThan(60);
  expect(listBin).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, offset: 0, limit: 200 });
});

test('"Restaurer" puts an item back, says so and reads the bin again', async () => {
  jest
    .mocked(restoreBinItem)
    .mockResolvedValue({ message: 'Élément 1 a été restauré', kind: 'opportunity', opportunityId: 'o1' });
  renderBin();
  await screen.findByRole('cell', { name: 'Élément 1' });
  const calls = jest.mocked(listBin).mock.calls.length;
  await userEvent.click(screen.getByRole('button', { name: 'Restaurer Élément 1' }));
  expect(restoreBinItem).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, binId: item(1)._id });
  expect(await screen.findByText('Élément 1 a été restauré')).toBeInTheDocument();
  expect(jest.mocked(listBin).mock.calls.length).toBeGreaterThan(calls);
});

test('a restoration refused for a conflict shows the server’s French message next to the item’s name', async () => {
  const message =
    'Restauration impossible : ce prospect existe de nouveau ailleurs (même SIRET ou même raison sociale, enseigne et code postal) : Société 4';
  jest.mocked(restoreBinItem).mockRejectedValue(new ApiError(message, 409, 'CONFLICT'));
  renderBin();
  await screen.findByRole('cell', { name: 'Élément 2' });
  await userEvent.click(screen.getByRole('button', { name: 'Restaurer Élément 2' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`Élément 2 : ${message}`);
  expect(screen.getByRole('button', { name: 'Restaurer Élément 2' })).toBeEnabled();
});

test('an empty bin says so', async () => {
  total = 0;
  renderBin();
  expect(await screen.findByText('La corbeille est vide.')).toBeInTheDocument();
});

describe('at 390 px', () => {
  beforeEach(() => {
    window.matchMedia = jest.fn().mockImplementation((query: string) => ({
      matches: query === '(max-width: 767.98px)',
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
  });
  afterEach(() => {
    delete (window as Partial<Window>).matchMedia;
  });

  test('the items are cards, each fact labelled, with "Restaurer" at hand', async () => {
    renderBin();
    const list = await screen.findByRole('list', { name: 'Éléments de la corbeille' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = (await within(list).findAllByRole('listitem'))[0] as HTMLElement;
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Élément', 'Type', 'Contenu', 'Supprimé par', 'Supprimé le', 'Action']);
    expect(within(card).getByRole('button', { name: 'Restaurer Élément 0' })).toBeInTheDocument();
  });
});
