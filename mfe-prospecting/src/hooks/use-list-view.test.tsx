import { StrictMode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { OPPORTUNITY_PAGE_SIZE, type ListFilter, type OpportunityView } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { getWithFilter, type GetWithFilterInput } from '../api/get-with-filter';
import { opportunityView } from '../test-utils/list-fixtures';
import { OTHER_ORGANISATION_ID, signInAdministrator } from '../test-utils/administrator';
import { NO_SELECTION } from '../utils/list-filter';
import type { SortDirection } from '../utils/sort-items';
import { useListView } from './use-list-view';
import { PAGE_DELAY_MS, useOpportunityList } from './use-opportunity-list';

jest.mock('../api/get-with-filter');
const getWithFilterMock = jest.mocked(getWithFilter);

/** 1,400 TODO opportunities in the server's order: timeFilter descending, many ties. */
const ROWS = Array.from({ length: 1_400 }, (_, index) =>
  opportunityView(
    index,
    { timeFilter: 20 - Math.floor(index / 70) },
    index % 3 ? { region: 'Bretagne', departement: '35' } : { region: 'Normandie', departement: '14' },
  ),
);

/** The server answering by position from `rows()` as they are when each page is asked. */
function serve(rows: () => OpportunityView[]) {
  getWithFilterMock.mockImplementation(async ({ startId, endId }: GetWithFilterInput) => {
    const all = rows();
    const end = Math.min(all.length, endId);
    return { opportunitys: all.slice(startId, end), itsFinish: end >= all.length };
  });
}

/** The two hooks as a list screen uses them, in StrictMode like the product. */
function renderListView(filter: ListFilter = 'todo') {
  return renderHook(
    () => {
      const list = useOpportunityList(filter);
      const view = useListView(list.items, 'desc', filter);
      return { list, view };
    },
    { wrapper: StrictMode },
  );
}

/** What sorting the whole `rows` gives (a stable sort: ties keep the server's order). */
const fullySorted = (rows: readonly OpportunityView[], sort: SortDirection) =>
  [...rows].sort((a, b) => (sort === 'asc' ? 1 : -1) * (a.timeFilter - b.timeFilter));

const ids = (rows: readonly OpportunityView[]) => rows.map((row) => row._id);

/** Lets the page in flight answer, then the next one leave. */
const nextPage = () => act(async () => jest.advanceTimersByTime(PAGE_DELAY_MS));

beforeEach(() => {
  jest.useFakeTimers();
  signInAdministrator();
  getWithFilterMock.mockReset();
});
afterEach(() => jest.useRealTimers());

test('while pages arrive, the list shown is at each page the whole loaded list sorted, searched and filtered', async () => {
  serve(() => ROWS);
  const { result } = renderListView();
  await act(async () => undefined);
  const pages = ROWS.length / OPPORTUNITY_PAGE_SIZE;
  for (let page = 1; page <= Math.ceil(pages); page += 1) {
    const loaded = ROWS.slice(0, page * OPPORTUNITY_PAGE_SIZE);
    const { view } = result.current;
    expect(ids(view.shown)).toEqual(ids(fullySorted(loaded, view.sort)));
    if (page === 1) {
      // The user changes the order and ticks a région while the list is still loading.
      act(() => result.current.view.setSort('asc'));
      act(() => result.current.view.toggle('region', 'Normandie'));
      const normandie = loaded.filter((row) => row.prospectId.region === 'Normandie');
      expect(ids(result.current.view.shown)).toEqual(ids(fullySorted(normandie, 'asc')));
      act(() => result.current.view.clear());
    }
    await nextPage();
  }
  expect(result.current.list.loadingMore).toBe(false);
  expect(ids(result.current.view.shown)).toEqual(ids(fullySorted(ROWS, 'asc')));
  expect(result.current.view.counts.region.get('Normandie')).toBe(
    ROWS.filter((row) => row.prospectId.region === 'Normandie').length,
  );
});

test('a card that comes into the list while it loads is shown once, at its place, even when a later page holds it', async () => {
  const server = [...ROWS];
  serve(() => server);
  const { result } = renderListView();
  await act(async () => undefined);
  expect(result.current.view.shown).toHaveLength(OPPORTUNITY_PAGE_SIZE);

  // From the other column: a WAITING opportunity goes back to TODO, 12 days late.
  const comingIn = opportunityView(9_000, { state: 'TODO', timeFilter: 12 });
  act(() => result.current.list.applyChange(comingIn));
  server.splice(
    server.findIndex((row) => row.timeFilter < 12),
    0,
    comingIn,
  );
  const shownIds = ids(result.current.view.shown);
  expect(shownIds.filter((id) => id === comingIn._id)).toHaveLength(1);

  while (result.current.list.loadingMore) await nextPage();
  const shown = ids(result.current.view.shown);
  expect(shown.filter((id) => id === comingIn._id)).toHaveLength(1);
  expect(shown).toHaveLength(ROWS.length + 1);
  // Among the cards 12 days late it comes first, as it was put first in the loaded list.
  expect(shown.indexOf(comingIn._id)).toBe(shown.indexOf(ROWS.find((row) => row.timeFilter === 12)!._id) - 1);
});

test('a card that leaves the list while it loads does not come back with a page answered before the server knew', async () => {
  serve(() => ROWS);
  const { result } = renderListView();
  await act(async () => undefined);
  // The card at position 600 changes state before its page is asked; the server (this one) is late.
  const leaving = { ...ROWS[600]!, state: 'WAITING' as const };
  act(() => result.current.list.applyChange(leaving));
  while (result.current.list.loadingMore) await nextPage();
  expect(ids(result.current.view.shown)).not.toContain(leaving._id);
  expect(result.current.view.shown).toHaveLength(ROWS.length - 1);
});

test('changing organisation starts the view again from the new list, with its own options', async () => {
  serve(() => ROWS.slice(0, 3));
  const { result } = renderListView('all');
  await act(async () => undefined);
  expect(result.current.view.options.region).toEqual(['Bretagne', 'Normandie']);
  serve(() => [opportunityView(5_000, {}, { region: 'Occitanie' })]);
  act(() => useSessionStore.getState().selectOrganisation(OTHER_ORGANISATION_ID));
  expect(result.current.view.shown).toEqual([]);
  await act(async () => undefined);
  expect(ids(result.current.view.shown)).toEqual([opportunityView(5_000)._id]);
  expect(result.current.view.options.region).toEqual(['Occitanie']);
  expect(result.current.view.selection).toBe(NO_SELECTION);
});
