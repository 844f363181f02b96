// The lists when a colleague changes opportunities (the tab's live stream, docs/decisions/live-team.md):
// they follow in place, with their search and place kept. The stream itself is the platform's (its own
// tests); here each screen's subscription is called as the stream would call it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveChange, OpportunityView } from '@app/domain';
import { clearApiQueries } from '@app/platform';
import { getOpportunitySilently } from '../../../api/get-opportunity-silently';
import { getStatuses } from '../../../api/get-statuses';
import { getWithFilter, type GetWithFilterInput } from '../../../api/get-with-filter';
import { getAllCount } from '../api/get-all-count';
import { listWindow, type ListWindowInput } from '../api/list-window';
import { opportunities, opportunityView } from '../../../test-utils/list-fixtures';
import { signInAdministrator } from '../../../test-utils/administrator';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { renderList } from '../test-utils/render-list';

const mockSubscribers = new Set<{ onChange: (change: LiveChange) => void; kinds?: readonly string[] }>();
jest.mock('@app/platform', () => {
  const actual = jest.requireActual('@app/platform');
  const { useEffect, useRef } = jest.requireActual('react');
  return {
    ...actual,
    useLiveChange: (onChange: (change: LiveChange) => void, kinds?: readonly string[]) => {
      const latest = useRef({ onChange, kinds });
      latest.current = { onChange, kinds };
      useEffect(() => {
        const subscriber = {
          onChange: (change: LiveChange) => latest.current.onChange(change),
          kinds: latest.current.kinds,
        };
        mockSubscribers.add(subscriber);
        return () => mockSubscribers.delete(subscriber);
      }, []);
    },
  };
});
jest.mock('../api/get-all-count');
jest.mock('../api/list-window');
jest.mock('../../../api/get-with-filter');
jest.mock('../../../api/get-statuses');
jest.mock('../../../api/get-opportunity-silently');

/** What the tab's stream does with an event: each subscribed screen that follows its kinds. */
function colleagueChanged(change: LiveChange) {
  act(() => {
    for (const subscriber of [...mockSubscribers])
      if (!subscriber.kinds || change.kinds.some((kind) => subscriber.kinds?.includes(kind)))
        subscriber.onChange(change);
  });
}

fakeLayout();

const cardNames = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

beforeEach(() => {
  sessionStorage.clear();
  signInAdministrator();
  clearApiQueries();
  mockSubscribers.clear();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: [] });
  jest.mocked(getAllCount).mockReset();
  jest.mocked(listWindow).mockReset();
  jest.mocked(getWithFilter).mockReset();
  jest.mocked(getOpportunitySilently).mockReset();
});

test('a list loaded whole drops the opportunity a colleague won, and the tabs’ counts follow, the search kept', async () => {
  const rows = opportunities(5);
  jest.mocked(getWithFilter).mockImplementation(async ({ startId, endId }: GetWithFilterInput) => ({
    opportunitys: rows.slice(startId, Math.min(endId, rows.length)),
    itsFinish: endId >= rows.length,
  }));
  jest.mocked(getAllCount).mockResolvedValue({ all: 5, todo: 5, waiting: 0, loose: 0, win: 0 });
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/todo');
  await screen.findByText('5 opportunités');
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Prospect');
  expect(cardNames()).toContain('Prospect 1');

  const won: OpportunityView = opportunityView(1, { state: 'WIN' });
  jest.mocked(getOpportunitySilently).mockResolvedValue({ opportunity: won });
  jest.mocked(getAllCount).mockResolvedValue({ all: 5, todo: 4, waiting: 0, loose: 0, win: 1 });
  const pagesBefore = jest.mocked(getWithFilter).mock.calls.length;
  colleagueChanged({ kinds: ['opportunities'], opportunityIds: [won._id] });

  expect(await screen.findByText('4 opportunités')).toBeInTheDocument();
  expect(cardNames()).not.toContain('Prospect 1');
  expect(getOpportunitySilently).toHaveBeenCalledWith(expect.objectContaining({ opportunityId: won._id }));
  // Read one by one: the list itself was not asked again, and the search stays.
  expect(jest.mocked(getWithFilter).mock.calls.length).toBe(pagesBefore);
  expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('Prospect');
  await waitFor(() => expect(screen.getByRole('tab', { name: /^Gagné/ })).toHaveTextContent('Gagné 1'));
});

test('a list served by windows asks its query again and keeps its cards shown until the answer', async () => {
  let total = 100_000;
  const rows = opportunities(400);
  let answer: (() => void) | null = null;
  let hold = false;
  jest.mocked(listWindow).mockImplementation(async ({ startId, endId }: ListWindowInput) => {
    if (hold) await new Promise<void>((resolve) => (answer = resolve));
    return {
      total,
      opportunitys: rows.slice(startId % 350, (startId % 350) + Math.min(endId, total) - startId),
      itsFinish: endId >= total,
    };
  });
  jest.mocked(getAllCount).mockResolvedValue({ all: total, todo: total, waiting: 0, loose: 0, win: 0 });
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/todo');
  expect(await screen.findByText('100 000 opportunités')).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'prospect');
  await waitFor(() => expect(jest.mocked(listWindow).mock.calls.at(-1)?.[0].filter.search).toBe('prospect'));
  const shown = cardNames();
  expect(shown.length).toBeGreaterThan(0);

  hold = true;
  total = 99_999;
  colleagueChanged({ kinds: ['opportunities'], opportunityIds: null });
  await waitFor(() => expect(answer).not.toBeNull());
  // Asked again, same search; meanwhile the cards stay.
  expect(jest.mocked(listWindow).mock.calls.at(-1)?.[0]).toMatchObject({
    filter: { state: 'todo', search: 'prospect' },
    startId: 0,
  });
  expect(cardNames()).toEqual(shown);
  hold = false;
  act(() => answer?.());
  expect(await screen.findByText('99 999 opportunités')).toBeInTheDocument();
  expect(cardNames().length).toBeGreaterThan(0);
});

test('a change of prospects only (an import) leaves the opportunity lists alone', async () => {
  const rows = opportunities(3);
  jest.mocked(getWithFilter).mockResolvedValue({ opportunitys: rows, itsFinish: true });
  jest.mocked(getAllCount).mockResolvedValue({ all: 3, todo: 3, waiting: 0, loose: 0, win: 0 });
  renderList('/dashboard/opportunity/list/todo', { strict: false });
  await screen.findByText('3 opportunités');
  const asked = jest.mocked(getAllCount).mock.calls.length + jest.mocked(getWithFilter).mock.calls.length;
  colleagueChanged({ kinds: ['prospects'], opportunityIds: [] });
  await act(async () => undefined);
  expect(jest.mocked(getAllCount).mock.calls.length + jest.mocked(getWithFilter).mock.calls.length).toBe(
    asked,
  );
});

test('a change that arrives before the list’s first page keeps its card, shown once, when the page comes', async () => {
  // The won tab opened just after winning a card: the stream tells of the change (the member’s own)
  // while the first page is on its way, and that page holds the same opportunity.
  const won: OpportunityView = opportunityView(1, { state: 'WIN' });
  const other: OpportunityView = opportunityView(2, { state: 'WIN' });
  let answer: (() => void) | null = null;
  jest.mocked(getWithFilter).mockImplementation(async () => {
    await new Promise<void>((resolve) => (answer = resolve));
    return { opportunitys: [won, other], itsFinish: true };
  });
  jest.mocked(getOpportunitySilently).mockResolvedValue({ opportunity: won });
  jest.mocked(getAllCount).mockResolvedValue({ all: 2, todo: 0, waiting: 0, loose: 0, win: 2 });
  renderList('/dashboard/opportunity/list/win');
  await waitFor(() => expect(answer).not.toBeNull());

  colleagueChanged({ kinds: ['opportunities'], opportunityIds: [won._id] });
  await waitFor(() => expect(getOpportunitySilently).toHaveBeenCalled());
  await act(async () => undefined);
  act(() => answer?.());

  expect(await screen.findByText('2 opportunités')).toBeInTheDocument();
  expect(cardNames()).toEqual(['Prospect 1', 'Prospect 2']);
});
