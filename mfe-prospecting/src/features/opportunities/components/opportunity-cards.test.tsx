import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { OpportunityView } from '@app/domain';
import { opportunities } from '../../../test-utils/list-fixtures';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { OpportunityCards, rowsOf } from './opportunity-cards';

fakeLayout();

function cards(rows: ReturnType<typeof rowsOf>, renderStrip: (opportunity: OpportunityView) => string) {
  return (
    <MemoryRouter>
      <OpportunityCards rows={rows} listType="all" label="Opportunités" renderStrip={renderStrip} />
    </MemoryRouter>
  );
}

/** Rows received by windows, as useServerList gives them: a list of `total` with these cards first. */
function windowRows(held: readonly OpportunityView[], total: number, want = jest.fn()) {
  return { count: total, at: (index: number) => held[index], want };
}

// First in this file: only the page's first list defers its cards beyond the view.
test('the page’s first list draws its first cards alone, in its first render; the cards beyond the view after that frame; a later list at once', async () => {
  // fakeLayout: a scroll area of 800 px, cards of 300 px: three cards are in view (0, 300, 600).
  const list = opportunities(200);
  const renderStrip = jest.fn((opportunity: OpportunityView) => `Bandeau ${opportunity._id}`);
  const { unmount } = render(cards(windowRows(list, 20_000), renderStrip));
  const articles = () => within(screen.getByRole('list', { name: 'Opportunités' })).queryAllByRole('article');
  // Drawn by the first render itself (the area's size is assumed before it is measured), without
  // the cards below the view.
  expect(articles().map((article) => article.getAttribute('aria-label'))).toEqual(
    list.slice(0, 3).map((opportunity) => opportunity.prospectId.prospect),
  );
  // Then the cards beyond the view, so a quick scroll never shows a gap.
  await waitFor(() => expect(articles()).toHaveLength(3 + 4));
  expect(articles().map((article) => article.getAttribute('aria-label'))).toEqual(
    list.slice(0, 7).map((opportunity) => opportunity.prospectId.prospect),
  );

  // A list drawn later (a search's answer after "Aucun résultat"): all its cards in its first render.
  unmount();
  render(cards(windowRows(list, 20_000), renderStrip));
  expect(articles()).toHaveLength(3 + 4);
});

test('a card in view is drawn again only when its opportunity changes, not at each render of the list', () => {
  const list = opportunities(200);
  const renderStrip = jest.fn((opportunity: OpportunityView) => `Bandeau ${opportunity._id}`);
  const { rerender } = render(cards(rowsOf(list), renderStrip));
  const shown = within(screen.getByRole('list', { name: 'Opportunités' })).getAllByRole('article');
  expect(shown.length).toBeGreaterThan(0);
  const drawn = renderStrip.mock.calls.length;
  expect(drawn).toBeGreaterThanOrEqual(shown.length);

  // A new answer holding the same cards (a server-side list's answer to another query with the same
  // head, or the virtualizer's re-render after measuring): no card is drawn again.
  rerender(cards(rowsOf([...list]), renderStrip));
  expect(renderStrip).toHaveBeenCalledTimes(drawn);

  // The first card changed (a state change): that card only is drawn again, with its new state.
  const changed = { ...list[0]!, state: 'WIN' as const };
  rerender(cards(rowsOf([changed, ...list.slice(1)]), renderStrip));
  expect(renderStrip).toHaveBeenCalledTimes(drawn + 1);
  expect(renderStrip).toHaveBeenLastCalledWith(changed);
  expect(screen.getAllByText(`Bandeau ${changed._id}`)).toHaveLength(1);
});

test('a list received by windows: a new list puts its own card at each position, never the previous one’s element', () => {
  const first = opportunities(50);
  const renderStrip = jest.fn((opportunity: OpportunityView) => `Bandeau ${opportunity._id}`);
  const want = jest.fn();
  const { rerender } = render(cards(windowRows(first, 100_000, want), renderStrip));
  const list = () => screen.getByRole('list', { name: 'Opportunités' });
  const before = within(list()).getAllByRole('article');
  expect(before[0]).toHaveAccessibleName(first[0]!.prospectId.prospect);
  expect(within(list()).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '100000');
  expect(want).toHaveBeenCalledWith(0, expect.any(Number));

  // Another query's answer (a filter click): other cards, another length. Sizes are kept by
  // position, but each card is its own element: nothing of the previous card at that place remains.
  const second = opportunities(50, 500);
  rerender(cards(windowRows(second, 25_000, want), renderStrip));
  const after = within(list()).getAllByRole('article');
  expect(after.map((article) => article.getAttribute('aria-label'))).toEqual(
    second.slice(0, after.length).map((opportunity) => opportunity.prospectId.prospect),
  );
  expect(before.some((article) => article.isConnected)).toBe(false);
  expect(within(list()).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '25000');

  // A position not received yet is a blank, not a card of the list before.
  rerender(cards(windowRows([], 25_000, want), renderStrip));
  expect(within(list()).queryAllByRole('article')).toHaveLength(0);
  expect(within(list()).getAllByRole('listitem')[0]).toHaveAttribute('aria-busy', 'true');
});
