import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpportunityWindow } from '@app/domain';
import { clearApiQueries } from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import { getWithFilter } from '../../../api/get-with-filter';
import { getAllCount } from '../api/get-all-count';
import { listWindow, type ListWindowInput } from '../api/list-window';
import { opportunities } from '../../../test-utils/list-fixtures';
import { ORGANISATION_ID, signInAdministrator } from '../../../test-utils/administrator';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { renderList } from '../test-utils/render-list';
import { savedListViewKey } from '../../../utils/saved-list-view';
import { NO_SELECTION } from '../../../utils/list-filter';
import { SERVER_LIST_FROM, startOpportunityListScreen } from './start-opportunity-list';

jest.mock('../api/get-all-count');
jest.mock('../api/list-window');
jest.mock('../../../api/get-with-filter');
jest.mock('../../../api/get-statuses');

const listWindowMock = jest.mocked(listWindow);
const TOTAL = 100_000;
const ROWS = opportunities(400);

fakeLayout();

/** A server holding TOTAL opportunities: cards by position, the search answered by a smaller total. */
function serve() {
  listWindowMock.mockImplementation(
    async ({ filter, startId, endId, facets, optionsKnown }: ListWindowInput) => {
      const total = filter.search ? 37 : filter.region ? 1_234 : TOTAL;
      const reply: OpportunityWindow = {
        total,
        opportunitys: ROWS.slice(startId % 350, (startId % 350) + Math.min(endId, total) - startId),
        itsFinish: endId >= total,
      };
      if (facets) {
        reply.counts = {
          region: [
            ['Bretagne', 1_234],
            ['Normandie', 98_766],
          ],
          departement: [],
          codePostale: [],
          libelleactivite: [],
          trancheSalarier: [],
        };
        reply.optionsTag = 'tag-1';
        // The server leaves out the options the caller holds.
        if (optionsKnown !== 'tag-1')
          reply.options = {
            region: ['Bretagne', 'Normandie'],
            departement: [],
            codePostale: [],
            libelleactivite: [],
            trancheSalarier: [],
          };
      }
      return reply;
    },
  );
}

beforeEach(() => {
  sessionStorage.clear();
  signInAdministrator();
  clearApiQueries();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: [] });
  jest
    .mocked(getAllCount)
    .mockReset()
    .mockResolvedValue({ all: TOTAL, todo: 60_000, waiting: 20_000, loose: 10_000, win: 10_000 });
  listWindowMock.mockReset();
  jest.mocked(getWithFilter).mockReset();
  serve();
});

const calls = () => listWindowMock.mock.calls.map(([input]) => input);

test(`a tab of ${SERVER_LIST_FROM} opportunities or more asks the server for the cards in view, never for the whole list`, async () => {
  renderList('/dashboard/opportunity/list/all');
  expect(await screen.findByText('100 000 opportunités')).toBeInTheDocument();
  expect(calls()[0]).toMatchObject({
    organisationId: ORGANISATION_ID,
    filter: { state: 'all' },
    sort: 'desc',
    startId: 0,
    endId: 50,
  });
  expect(await screen.findAllByRole('article')).not.toHaveLength(0);
  expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
  expect(getWithFilter).not.toHaveBeenCalled();
});

test('a search and a sort are sent to the server, and the list shows its answer', async () => {
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('100 000 opportunités');
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'garage');
  expect(await screen.findByText('37 opportunités')).toBeInTheDocument();
  expect(calls().at(-1)).toMatchObject({ filter: { state: 'all', search: 'garage' }, startId: 0 });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Trier' }), 'asc');
  await waitFor(() => expect(calls().at(-1)).toMatchObject({ sort: 'asc', filter: { search: 'garage' } }));
});

test('the filter panel shows the server’s options and counts, and a ticked option filters on the server', async () => {
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('100 000 opportunités');
  expect(calls().some((input) => input.facets)).toBe(false);
  await user.click(screen.getByRole('button', { name: /^Filtres/ }));
  const panel = screen.getByRole('region', { name: 'Filtres' });
  const bretagne = await within(panel).findByRole('checkbox', { name: /^Bretagne/ });
  expect(bretagne.closest('label')?.textContent).toContain((1_234).toLocaleString('fr-FR'));
  await user.click(bretagne);
  expect(await screen.findByText('1 234 opportunités')).toBeInTheDocument();
  expect(calls().at(-1)?.filter.region).toEqual(['Bretagne']);
  expect(calls().at(-1)?.facets).toBe(true);
  // The options came once: the click said it holds them, and the panel still lists them.
  expect(calls().find((input) => input.facets)?.optionsKnown).toBeUndefined();
  expect(calls().at(-1)?.optionsKnown).toBe('tag-1');
  expect(within(panel).getByRole('checkbox', { name: /^Normandie/ })).toBeInTheDocument();
  expect(within(panel).getByRole('checkbox', { name: /^Bretagne/ })).toBeChecked();
});

test('opened on a list, its counts and first window are asked before the screen is drawn, which takes them', async () => {
  // The choices kept for the session are the ones the early call asks with.
  sessionStorage.setItem(
    savedListViewKey(ORGANISATION_ID, 'all'),
    JSON.stringify({ search: 'garage', sort: 'asc', selection: NO_SELECTION }),
  );
  startOpportunityListScreen({
    params: { filter: 'all' },
    search: new URLSearchParams(),
    organisationId: ORGANISATION_ID,
  });
  expect(getAllCount).toHaveBeenCalledTimes(1);
  expect(calls()).toEqual([
    {
      organisationId: ORGANISATION_ID,
      filter: { state: 'all', search: 'garage' },
      sort: 'asc',
      startId: 0,
      endId: 50,
    },
  ]);

  // Not in StrictMode: its second mount would ask the counts again (this test counts the calls).
  renderList('/dashboard/opportunity/list/all', { strict: false });
  expect(await screen.findByText('37 opportunités')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('garage');
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Nothing asked twice: the screen took the counts and the window asked early.
  expect(getAllCount).toHaveBeenCalledTimes(1);
  expect(calls()).toHaveLength(1);
});

test('a window asked early for other choices is not taken: the screen asks its own', async () => {
  startOpportunityListScreen({
    params: { filter: 'all' },
    search: new URLSearchParams('search=garage'),
    organisationId: ORGANISATION_ID,
  });
  // The two columns load whole: no window, only the counts.
  startOpportunityListScreen({
    params: { filter: 'todo' },
    search: new URLSearchParams('vue=colonnes'),
    organisationId: ORGANISATION_ID,
  });
  expect(calls()).toHaveLength(1);
  renderList('/dashboard/opportunity/list/all');
  expect(await screen.findByText('100 000 opportunités')).toBeInTheDocument();
  expect(calls().at(-1)).toEqual({
    organisationId: ORGANISATION_ID,
    filter: { state: 'all' },
    sort: 'desc',
    startId: 0,
    endId: 50,
  });
});
