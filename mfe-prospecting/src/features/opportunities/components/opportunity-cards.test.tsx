import { render, screen, within } from '@testing-library/react';
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
