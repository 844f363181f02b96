import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtualTable, type PagedRows } from './virtual-table';

const VIEWPORT_HEIGHT = 440;
const ROW_HEIGHT = 44;
const CARD_HEIGHT = 110;

// jsdom lays nothing out: give the scroll area the height a browser would.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEWPORT_HEIGHT,
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

type City = { _id: string; name: string };

/** 10,000 rows of which only the first `loaded` have arrived. */
function cities(loaded: number): PagedRows<City> & { requestRows: jest.Mock } {
  return {
    total: 10_000,
    rowAt: (index) => (index < loaded ? { _id: `c${index}`, name: `Ville ${index}` } : undefined),
    requestRows: jest.fn(),
  };
}

function renderCities(rows: PagedRows<City>, fetchIntervalMs?: number) {
  return render(
    <VirtualTable
      label="Villes"
      block="cities"
      columns={['Nom', 'Code Postal']}
      rows={rows}
      rowHeight={ROW_HEIGHT}
      cardHeight={CARD_HEIGHT}
      renderCells={(city) => [city.name, '69000']}
      fetchIntervalMs={fetchIntervalMs}
    />,
  );
}

test('only the visible rows are in the page, each telling its place in the whole list', () => {
  renderCities(cities(10_000));
  const table = screen.getByRole('table');
  expect(table).toHaveAttribute('aria-rowcount', '10001');
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Nom',
    'Code Postal',
  ]);
  const shown = within(table).getAllByRole('row').slice(1);
  expect(shown.length).toBeGreaterThanOrEqual(VIEWPORT_HEIGHT / ROW_HEIGHT);
  expect(shown.length).toBeLessThan(40);
  expect(screen.getByRole('cell', { name: 'Ville 3' }).closest('tr')).toHaveAttribute('aria-rowindex', '5');
});

test("a row whose page has not arrived says 'Chargement…' until it does", () => {
  renderCities(cities(5));
  expect(screen.getByRole('cell', { name: 'Ville 4' })).toBeInTheDocument();
  const waiting = screen.getAllByRole('cell', { name: 'Chargement…' });
  expect(waiting[0]?.closest('tr')).toHaveAttribute('aria-rowindex', '7');
});

test('scrolling asks for the rows around the new window', () => {
  const rows = cities(10_000);
  renderCities(rows);
  expect(rows.requestRows).toHaveBeenLastCalledWith(-150, expect.any(Number));
  const scroller = screen.getByRole('region', { name: 'Villes' });
  act(() => {
    scroller.scrollTop = 5_000 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
  });
  const [first, last] = rows.requestRows.mock.lastCall as [number, number];
  expect(first).toBeLessThanOrEqual(5_000 - 150);
  expect(last).toBeGreaterThanOrEqual(5_000 + 150);
  expect(screen.getByRole('cell', { name: 'Ville 5000' })).toBeInTheDocument();
});

test('with a fetch interval, the rows are asked for once the interval allows, not on every scroll event', () => {
  jest.useFakeTimers();
  try {
    const rows = cities(10_000);
    renderCities(rows, 120);
    act(() => jest.advanceTimersByTime(0));
    expect(rows.requestRows).toHaveBeenCalledTimes(1);
    const scroller = screen.getByRole('region', { name: 'Villes' });
    for (const position of [1_000, 2_000, 3_000]) {
      act(() => {
        scroller.scrollTop = position * ROW_HEIGHT;
        fireEvent.scroll(scroller);
      });
    }
    expect(rows.requestRows).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(120));
    expect(rows.requestRows).toHaveBeenCalledTimes(2);
    expect((rows.requestRows.mock.lastCall as [number, number])[0]).toBeLessThanOrEqual(3_000 - 150);
  } finally {
    jest.useRealTimers();
  }
});

test('the region takes keyboard focus, so the arrow keys scroll it', async () => {
  renderCities(cities(10_000));
  await userEvent.tab();
  expect(screen.getByRole('region', { name: 'Villes' })).toHaveFocus();
});

describe('under 768 px', () => {
  beforeEach(() => {
    // The phone layout's media query matches, as in a 390 px wide window.
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

  test('the rows are a list of cards, each field labelled with its column, still virtualized', () => {
    renderCities(cities(10_000));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Villes' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.length).toBeGreaterThanOrEqual(VIEWPORT_HEIGHT / CARD_HEIGHT);
    expect(cards.length).toBeLessThan(40);
    expect(cards[3]).toHaveAttribute('aria-posinset', '4');
    expect(cards[3]).toHaveAttribute('aria-setsize', '10000');
    const terms = within(cards[3] as HTMLElement).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['Nom', 'Code Postal']);
    const values = within(cards[3] as HTMLElement).getAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual(['Ville 3', '69000']);
  });

  test('scrolling the cards asks for the rows around the new window', () => {
    const rows = cities(10_000);
    renderCities(rows);
    const scroller = screen.getByRole('region', { name: 'Villes' });
    act(() => {
      scroller.scrollTop = 5_000 * CARD_HEIGHT;
      fireEvent.scroll(scroller);
    });
    const [first, last] = rows.requestRows.mock.lastCall as [number, number];
    expect(first).toBeLessThanOrEqual(5_000);
    expect(last).toBeGreaterThanOrEqual(5_000 + VIEWPORT_HEIGHT / CARD_HEIGHT);
    expect(screen.getByText('Ville 5000').closest('li')).toHaveAttribute('aria-posinset', '5001');
  });
});
