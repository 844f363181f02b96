import {
  applyFilters,
  FILTER_KINDS,
  type FilterKind,
  type ListFilter,
  listTimeOf,
  type OpportunityState,
  type OpportunityView,
} from '@app/domain';
import { opportunityView } from '../test-utils/list-fixtures';
import { NO_SELECTION, toggleOption, type FacetSelection } from './list-filter';
import { filterAndCount, indexOpportunity, type IndexedOpportunity } from './list-index';
import { advanceListView, compareOptions, listViewOf, type ListViewState } from './list-view-state';
import { emptyList, withCardChange, withPage, type LoadedList } from './loaded-list';
import type { SortDirection } from './sort-items';

const prospectOf = (opportunity: OpportunityView) => opportunity.prospectId;

/** Région and département are one choice: each one's counts ignore both. */
const IGNORED_WITH: Record<FilterKind, readonly FilterKind[]> = {
  region: ['region', 'departement'],
  departement: ['region', 'departement'],
  codePostale: ['codePostale'],
  libelleactivite: ['libelleactivite'],
  trancheSalarier: ['trancheSalarier'],
};

/**
 * An option's count by its definition: how many opportunities the list would show with it ticked
 * too, i.e. those the search and the other kinds' choices let through that hold it.
 */
function countsByDefinition(
  items: readonly IndexedOpportunity[],
  search: string,
  selection: FacetSelection,
  kind: FilterKind,
) {
  const others = { ...selection, search };
  for (const ignored of IGNORED_WITH[kind]) others[ignored] = [];
  const counts = new Map<string, number>();
  const through = new Set(
    applyFilters(
      items.map((item) => item.opportunity),
      others,
      prospectOf,
    ),
  );
  for (const item of items) {
    if (through.has(item.opportunity))
      counts.set(item.facets[kind], (counts.get(item.facets[kind]) ?? 0) + 1);
  }
  return sortedEntries(counts);
}

/**
 * The simple computation the view must always equal: sort everything, filter everything with
 * domain's rules, count every option by its definition, list every value.
 */
function fullView(
  items: readonly IndexedOpportunity[],
  sort: SortDirection,
  search: string,
  selection: FacetSelection,
) {
  const sign = sort === 'asc' ? 1 : -1;
  // Array.prototype.sort is stable: equal times keep the loaded list's order.
  const sorted = [...items].sort((a, b) => sign * (listTimeOf(a.opportunity) - listTimeOf(b.opportunity)));
  const opportunities = sorted.map((item) => item.opportunity);
  return {
    sorted: opportunities,
    shown: applyFilters(opportunities, { ...selection, search }, prospectOf),
    counts: Object.fromEntries(
      FILTER_KINDS.map((kind) => [kind, countsByDefinition(items, search, selection, kind)]),
    ),
    options: Object.fromEntries(
      FILTER_KINDS.map((kind) => [
        kind,
        [...new Set(items.map((item) => item.facets[kind]))].sort(compareOptions),
      ]),
    ),
  };
}

const sortedEntries = (map: ReadonlyMap<string, number>) =>
  [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** What the user sees of a view, comparable with fullView. */
function seen(view: ListViewState) {
  return {
    sorted: view.sorted.map((item) => item.opportunity),
    shown: [...view.shown],
    counts: Object.fromEntries(FILTER_KINDS.map((kind) => [kind, sortedEntries(view.counts[kind])])),
    options: Object.fromEntries(FILTER_KINDS.map((kind) => [kind, [...view.options[kind]]])),
  };
}

/** A small deterministic generator, so a failing seed can be replayed. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[below(values.length)] as T;
  return { next, below, pick };
}

const PLACES = [
  ['35000', '35', 'Bretagne'],
  ['35700', '35', 'Bretagne'],
  ['29200', '29', 'Bretagne'],
  ['14000', '14', 'Normandie'],
  ['69001', '69', 'Auvergne-Rhône-Alpes'],
  ['Aucun', 'Aucun', 'Aucun'],
] as const;
const ACTIVITIES = ['Boulangerie', 'boulangerie', 'Garage', 'Fleuriste', 'École', 'Ecole', 'Aucun'];
const TRANCHES = ['0 salarié', '1 à 2 salariés', '10 à 19 salariés', 'Aucun'];
const NAMES = ['École du Parc', 'Garage Müller', 'Boulangerie Éloïse', 'Fleurs & Cie', 'Aucun'];
const SEARCHES = ['', '1', '12', 'garage', 'GARAGE mul', 'eloise', 'parc 3', 'fleurs', 'introuvable', ' '];
const STATES: readonly OpportunityState[] = ['TODO', 'WAITING', 'WIN', 'LOOSE'];

type Random = ReturnType<typeof randomOf>;

function randomOpportunity(random: Random, index: number, overrides: Partial<OpportunityView> = {}) {
  const [codePostale, departement, region] = random.pick(PLACES);
  return opportunityView(
    index,
    // Few distinct timeFilters: many ties, whose order must be the loaded list's.
    { timeFilter: random.below(6), ...overrides },
    {
      prospect: `${random.pick(NAMES)} ${index}`,
      codePostale,
      departement,
      region,
      libelleactivite: random.pick(ACTIVITIES),
      trancheSalarier: random.pick(TRANCHES),
    },
  );
}

/** The server's order: time on one scale of days descending (WAITING soonest first), then newest first. */
function serverOrder(_filter: ListFilter) {
  return (a: OpportunityView, b: OpportunityView) =>
    listTimeOf(b) - listTimeOf(a) || (a._id < b._id ? 1 : -1);
}

/**
 * A session of one list as use-opportunity-list.ts and use-list-view.ts live it: pages (in the
 * server's order, or out of it when the list moved), organisation changes, sorts, searches, filter
 * clicks and card state changes, several of them sometimes between two renders. After each render
 * the view must be exactly the full computation, and the previous view unchanged.
 */
function playSession(seed: number, steps: number) {
  const random = randomOf(seed);
  const filter: ListFilter = random.pick(['all', 'todo', 'waiting'] as const);
  const wanted = filter === 'todo' ? 'TODO' : filter === 'waiting' ? 'WAITING' : null;
  let organisation = 0;
  let run = 0;
  let created = 0;

  const newServerList = () => {
    const size = 20 + random.below(260);
    const rows = Array.from({ length: size }, () =>
      randomOpportunity(random, created++, wanted ? { state: wanted } : { state: random.pick(STATES) }),
    );
    return rows.sort(serverOrder(filter));
  };

  let server = newServerList();
  let position = 0;
  let seenIds = new Set<string>();
  let nextOrder = 0;
  let list: LoadedList = emptyList(`o${organisation}|${filter}`, run);
  let sort: SortDirection = filter === 'waiting' ? 'asc' : 'desc';
  let search = '';
  let selection: FacetSelection = NO_SELECTION;
  let view = listViewOf(list.items, sort, search, selection);

  const actions: Record<string, () => void> = {
    page: () => {
      const size = random.below(80);
      let rows = server.slice(position, position + size);
      position += size;
      // Now and then the list moved between two pages: rows come out of order, some again.
      if (random.below(5) === 0) rows = [...rows, ...server.slice(0, random.below(10))].reverse();
      const fresh = rows.filter((row) => {
        if (seenIds.has(row._id)) return false;
        seenIds.add(row._id);
        return true;
      });
      const page = fresh.map((row, index) => indexOpportunity(row, nextOrder + index));
      nextOrder += page.length;
      list = withPage(list, page, position >= server.length);
    },
    sort: () => {
      sort = sort === 'asc' ? 'desc' : 'asc';
    },
    search: () => {
      // A new string each time, as an input gives.
      search = `${random.pick(SEARCHES)}`;
    },
    toggle: () => {
      const kind = random.pick(FILTER_KINDS);
      const values = [...new Set(list.items.map((item) => item.facets[kind])), 'Valeur absente'];
      selection = toggleOption(selection, kind, random.pick(values));
    },
    clear: () => {
      selection = NO_SELECTION;
    },
    card: () => {
      // A loaded card (or one still to come) changes state, hence timeFilter, or its prospect.
      const pool = random.below(4) === 0 ? server : list.items.map((item) => item.opportunity);
      if (pool.length === 0) return;
      const before = random.pick(pool);
      const changed =
        random.below(3) === 0
          ? { ...randomOpportunity(random, Number(before._id.slice(1))), state: before.state }
          : { ...before, state: random.pick(STATES), timeFilter: random.below(6) };
      seenIds.add(changed._id);
      list = withCardChange(list, changed, wanted === null || changed.state === wanted);
    },
    organisation: () => {
      organisation += 1;
      run += 1;
      server = newServerList();
      position = 0;
      seenIds = new Set();
      nextOrder = 0;
      list = emptyList(`o${organisation}|${filter}`, run);
    },
  };
  const weighted = [
    ...Array<string>(8).fill('page'),
    'sort',
    'search',
    'search',
    'toggle',
    'toggle',
    'toggle',
    'clear',
    'card',
    'card',
    'card',
    'organisation',
  ];

  for (let step = 0; step < steps; step += 1) {
    const done: string[] = [];
    const between = 1 + (random.below(4) === 0 ? random.below(3) : 0);
    for (let action = 0; action < between; action += 1) {
      const name = random.pick(weighted);
      actions[name]!();
      done.push(name);
    }
    // The loaded list keeps its orders growing, so sorting by them is sorting by place.
    const orders = list.items.map((item) => item.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(list.items.map((item) => item.opportunity._id)).size).toBe(list.items.length);

    const previous = view;
    const previousSeen = seen(previous);
    view = advanceListView(previous, list.items, sort, search, selection);
    const expected = fullView(list.items, sort, search, selection);
    const context = `seed ${seed}, step ${step} (${done.join(', ')})`;
    expect({ context, ...seen(view) }).toEqual({ context, ...expected });
    // And what a full pass of the list screen's own one-pass filter gives.
    expect(view.shown).toEqual(
      filterAndCount(view.sorted, search, selection).matched.map((item) => item.opportunity),
    );
    expect({ context, ...seen(previous) }).toEqual({ context, ...previousSeen });
  }
}

test.each(Array.from({ length: 40 }, (_, index) => 1_000 + index))(
  'after any sequence of pages, sorts, searches, filter clicks, card changes and organisation changes, the view is the full computation (seed %i)',
  (seed) => playSession(seed, 60),
);

test('a page in the server order goes after the loaded cards without sorting them again', () => {
  const rows = Array.from({ length: 1_000 }, (_, index) =>
    opportunityView(index, { timeFilter: 1_000 - index }),
  );
  const first = rows.slice(0, 500).map((row, index) => indexOpportunity(row, index));
  const second = rows.slice(500).map((row, index) => indexOpportunity(row, 500 + index));
  const view = listViewOf(first, 'desc', '', NO_SELECTION);
  const next = advanceListView(view, [...first, ...second], 'desc', '', NO_SELECTION);
  expect(next.shown).toEqual(rows);
  // The options did not change: the filter panel's groups keep their arrays.
  expect(next.options.region).toBe(view.options.region);
});

test("'Toute Opportunités' sorts every state on one time scale: the oldest first, the follow-ups to come last, soonest first", () => {
  const HOUR = 60 * 60 * 1000;
  const rows = [
    opportunityView(0, { state: 'WAITING', timeFilter: 2 * 24 * HOUR }),
    opportunityView(1, { state: 'TODO', timeFilter: 2 }),
    opportunityView(2, { state: 'WAITING', timeFilter: 3 * HOUR }),
    opportunityView(3, { state: 'WIN', timeFilter: 1 }),
    opportunityView(4, { state: 'TODO', timeFilter: 0 }),
  ];
  const items = rows.map((row, index) => indexOpportunity(row, index));
  const order = (sort: SortDirection) =>
    listViewOf(items, sort, '', NO_SELECTION).shown.map((row) => row._id);
  const expected = [rows[1], rows[3], rows[4], rows[2], rows[0]].map((row) => row!._id);
  expect(order('desc')).toEqual(expected);
  expect(order('asc')).toEqual([...expected].reverse());
});

test('a card changing state moves to its place, and its counts follow it', () => {
  const rows = [5, 3, 1].map((timeFilter, index) =>
    opportunityView(index, { timeFilter }, { region: index === 0 ? 'Bretagne' : 'Normandie' }),
  );
  let list = withPage(
    emptyList('o|all', 0),
    rows.map((row, index) => indexOpportunity(row, index)),
    true,
  );
  const view = listViewOf(list.items, 'desc', '', NO_SELECTION);
  expect(view.counts.region.get('Bretagne')).toBe(1);
  list = withCardChange(list, { ...rows[0]!, state: 'WIN', timeFilter: 2 }, true);
  const next = advanceListView(view, list.items, 'desc', '', NO_SELECTION);
  expect(next.shown.map((row) => [row._id, row.timeFilter])).toEqual([
    [rows[1]!._id, 3],
    [rows[0]!._id, 2],
    [rows[2]!._id, 1],
  ]);
  const todoOnly = withCardChange(list, { ...rows[0]!, state: 'WIN', timeFilter: 2 }, false);
  const left = advanceListView(next, todoOnly.items, 'desc', '', NO_SELECTION);
  expect(left.shown.map((row) => row._id)).toEqual([rows[1]!._id, rows[2]!._id]);
  expect(left.counts.region.has('Bretagne')).toBe(false);
  expect(left.options.region).toEqual(['Normandie']);
});
