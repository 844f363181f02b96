// The server-side list (/api/opportunity/listWindow) is the browser's list: on the same data, the
// order, the length, the live option counts, the options and the search results equal what the
// browser computes from the whole list loaded by getwithfilter at the spec's cadence (indexed,
// sorted and filtered with domain's list-facets.ts, as mfe-prospecting's useListView does).
import {
  compareByTimeFilter,
  criteriaOf,
  type FacetSelection,
  facetOptionsOf,
  facetsOf,
  filterAndCountBy,
  FILTER_KINDS,
  LIST_FILTERS,
  type ListFilter,
  NO_SELECTION,
  type OpportunityView,
  opportunitySearchTextOf,
  type SortDirection,
} from '@app/domain';
import { kit, type Member, MAPPING } from '../../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const ROWS = 560;
const POSTAL_CODES = ['75001', '75011', '69003', '13008', '35000', '29200', '33000', '97411', '2A004', ''];
const ACTIVITIES = ['Boulangerie', 'Commerce de détail', 'Café', 'Électricité', ''];
const TRANCHES = ['0 salarié', '1 à 2 salariés', '10 à 19 salariés', ''];

describe('the server-side list equals the browser list', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner();
    outsider = await k.owner('Société Béta');
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      'Raison sociale': `Société ${i % 7 === 0 ? 'Éloïse' : 'Martin'} ${i}`,
      Enseigne: i % 5 === 0 ? '' : `Enseigne ${i % 13}`,
      CP: POSTAL_CODES[i % POSTAL_CODES.length],
      Ville: i % 3 === 0 ? 'Saint-Étienne' : 'Paris',
      Adresse: `${i} rue de la Gare`,
      Tel: i % 4 === 0 ? '' : `01 02 03 ${String(i % 100).padStart(2, '0')} 05`,
      Siret: '',
      Activite: ACTIVITIES[i % ACTIVITIES.length],
      Tranche: TRANCHES[i % TRANCHES.length],
    }));
    const { excelId } = await k.loadOk(owner, rows, {
      value: { ...MAPPING, libelleactivite: 'Activite', trancheSalarier: 'Tranche' },
    });
    const prospects = (await k.page(owner, excelId, { limit: 1000 })).body.value as { _id: string }[];
    for (const [index, prospect] of prospects.entries()) {
      // Days between some, so the lists hold ties and differences of time.
      if (index % 80 === 0) t.clock.advance(DAY);
      const res = await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: prospect._id });
      const opportunityId = res.body.opportunityId as string;
      if (index % 6 === 1)
        await k.post('/api/opportunity/setWaiting', {
          ...k.as(owner),
          opportunityId,
          date: t.clock.now() + ((index % 5) + 1) * DAY,
        });
      else if (index % 6 === 2) await k.post('/api/opportunity/setWin', { ...k.as(owner), opportunityId });
      else if (index % 6 === 3) await k.post('/api/opportunity/setLoose', { ...k.as(owner), opportunityId });
    }
    t.clock.advance(DAY / 3);
  }, 120_000);
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  /** The browser's way: every page at positions 0, 500… until itsFinish, indexed in arrival order. */
  async function browserList(state: ListFilter) {
    const loaded: OpportunityView[] = [];
    for (let page = 0; ; page += 1) {
      const res = await k.post('/api/opportunity/getwithfilter', {
        ...k.as(owner),
        filter: { state },
        startId: page * 500,
        endId: state === 'waiting' ? Number.MAX_SAFE_INTEGER : (page + 1) * 500,
      });
      loaded.push(...(res.body.opportunitys as OpportunityView[]));
      if (res.body.itsFinish) break;
    }
    return loaded.map((opportunity, order) => ({
      opportunity,
      order,
      text: opportunitySearchTextOf(opportunity.prospectId),
      facets: facetsOf(opportunity.prospectId),
    }));
  }

  /** The server's way: the list's windows of 200, with the counts and options of the first. */
  async function serverList(
    who: Member,
    state: ListFilter,
    sort: SortDirection,
    search: string,
    selection: FacetSelection,
  ) {
    const filter = { state, search, ...selection };
    const first = await k.post('/api/opportunity/listWindow', {
      ...k.as(who),
      filter,
      sort,
      startId: 0,
      endId: 200,
      facets: true,
    });
    expect(first.status).toBe(200);
    const ids = (first.body.opportunitys as OpportunityView[]).map((item) => item._id);
    while (ids.length < first.body.total) {
      const next = await k.post('/api/opportunity/listWindow', {
        ...k.as(who),
        filter,
        sort,
        startId: ids.length,
        endId: ids.length + 200,
      });
      ids.push(...(next.body.opportunitys as OpportunityView[]).map((item) => item._id));
    }
    return { ids, total: first.body.total as number, counts: first.body.counts, options: first.body.options };
  }

  const QUERIES: { search: string; selection: FacetSelection }[] = [
    { search: '', selection: NO_SELECTION },
    { search: 'eloise', selection: NO_SELECTION },
    { search: 'SAINT étienne 1', selection: NO_SELECTION },
    { search: '0102030', selection: NO_SELECTION },
    { search: 'aucun résultat possible', selection: NO_SELECTION },
    { search: '', selection: { ...NO_SELECTION, region: ['Bretagne'], departement: ['29', '35'] } },
    { search: '', selection: { ...NO_SELECTION, libelleactivite: ['Boulangerie', 'Aucun'] } },
    {
      search: 'martin',
      selection: { ...NO_SELECTION, departement: ['75', '69'], trancheSalarier: ['0 salarié'] },
    },
    { search: 'paris', selection: { ...NO_SELECTION, codePostale: ['97411', '2A004'], region: ['Corse'] } },
  ];

  it.each(LIST_FILTERS.flatMap((state) => (['desc', 'asc'] as const).map((sort) => [state, sort] as const)))(
    'list %s sorted %s: same order, length, counts and options for every search and filter',
    async (state, sort) => {
      const items = await browserList(state);
      const sorted = [...items].sort(compareByTimeFilter(sort));
      const options = facetOptionsOf(items);
      for (const { search, selection } of QUERIES) {
        const browser = filterAndCountBy(sorted, criteriaOf(search, selection));
        const server = await serverList(owner, state, sort, search, selection);
        expect(server.ids).toEqual(browser.matched.map((item) => item.opportunity._id));
        expect(server.total).toBe(browser.matched.length);
        for (const kind of FILTER_KINDS)
          expect(new Map(server.counts[kind] as [string, number][])).toEqual(browser.counts[kind]);
        expect(server.options).toEqual(options);
      }
    },
    60_000,
  );

  it("a search typed on, letter by letter (looked for among the last one's results), equals the browser's at every step", async () => {
    const typed = [
      's',
      'sa',
      'sai',
      'saint',
      'saint ',
      'saint e',
      'saint et',
      'saint e',
      '1',
      '12',
      '1 2',
      '12 paris',
      'paris 12',
      '',
    ];
    const selections: FacetSelection[] = [NO_SELECTION, { ...NO_SELECTION, trancheSalarier: ['0 salarié'] }];
    for (const selection of selections)
      for (const sort of ['desc', 'asc'] as const) {
        const sorted = [...(await browserList('all'))].sort(compareByTimeFilter(sort));
        for (const search of typed) {
          const browser = filterAndCountBy(sorted, criteriaOf(search, selection));
          const server = await serverList(owner, 'all', sort, search, selection);
          expect(server.ids).toEqual(browser.matched.map((item) => item.opportunity._id));
          for (const kind of FILTER_KINDS)
            expect(new Map(server.counts[kind] as [string, number][])).toEqual(browser.counts[kind]);
        }
      }
    // A card changed between two keystrokes: the next search is not looked for among stale results.
    const before = await serverList(owner, 'todo', 'desc', 'saint', NO_SELECTION);
    await k.post('/api/opportunity/setWin', { ...k.as(owner), opportunityId: before.ids[0]! });
    const sorted = [...(await browserList('todo'))].sort(compareByTimeFilter('desc'));
    const browser = filterAndCountBy(sorted, criteriaOf('saint e', NO_SELECTION));
    const after = await serverList(owner, 'todo', 'desc', 'saint e', NO_SELECTION);
    expect(after.ids).toEqual(browser.matched.map((item) => item.opportunity._id));
    expect(after.ids).not.toContain(before.ids[0]);
  }, 60_000);

  it('the lists hold every state, ties and several pages, so the comparison means something', async () => {
    const all = await browserList('all');
    expect(all).toHaveLength(ROWS);
    for (const state of ['todo', 'waiting', 'win', 'loose'] as const)
      expect((await browserList(state)).length).toBeGreaterThan(30);
  });

  it('a window is the slice of the list at those positions, and the counts come only when asked', async () => {
    const whole = await serverList(owner, 'all', 'desc', 'paris', NO_SELECTION);
    const res = await k.post('/api/opportunity/listWindow', {
      ...k.as(owner),
      filter: { state: 'all', search: 'paris' },
      startId: 37,
      endId: 41,
    });
    expect(res.body.total).toBe(whole.total);
    expect((res.body.opportunitys as OpportunityView[]).map((item) => item._id)).toEqual(
      whole.ids.slice(37, 41),
    );
    expect(res.body.counts).toBeUndefined();
    expect(res.body.itsFinish).toBe(false);
  });

  it('the options travel once: a call holding their tag gets the same counts without them', async () => {
    const ask = (optionsKnown?: string) =>
      k.post('/api/opportunity/listWindow', {
        ...k.as(owner),
        filter: { state: 'all', region: ['Bretagne'] },
        facets: true,
        ...(optionsKnown === undefined ? {} : { optionsKnown }),
      });
    const first = await ask();
    expect(first.body.options).toEqual(facetOptionsOf(await browserList('all')));
    expect(typeof first.body.optionsTag).toBe('string');
    const again = await ask(first.body.optionsTag as string);
    expect(again.body.options).toBeUndefined();
    expect(again.body.optionsTag).toBe(first.body.optionsTag);
    expect(again.body.counts).toEqual(first.body.counts);
    expect(again.body.total).toBe(first.body.total);
    // Options held under another tag (another tab's, or older ones): sent.
    expect((await ask('autre')).body.options).toEqual(first.body.options);
    const bad = await k.post('/api/opportunity/listWindow', {
      ...k.as(owner),
      filter: { state: 'all' },
      facets: true,
      optionsKnown: 12,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('options connues');
  });

  it('a search typed letter by letter, with a ticked option, equals the browser at every letter', async () => {
    const selection = { ...NO_SELECTION, region: ['Bretagne', 'Normandie'] };
    const sorted = [...(await browserList('all'))].sort(compareByTimeFilter('asc'));
    for (const search of ['s', 'sa', 'sai', 'saint', 'saint e', 'saint et', 'sain', '1', '12']) {
      const browser = filterAndCountBy(sorted, criteriaOf(search, selection));
      const server = await serverList(owner, 'all', 'asc', search, selection);
      expect(server.ids).toEqual(browser.matched.map((item) => item.opportunity._id));
      for (const kind of FILTER_KINDS)
        expect(new Map(server.counts[kind] as [string, number][])).toEqual(browser.counts[kind]);
    }
  });

  it('another organisation sees none of these opportunities', async () => {
    const theirs = await serverList(outsider, 'all', 'desc', '', NO_SELECTION);
    expect(theirs.total).toBe(0);
    expect(theirs.ids).toEqual([]);
  });

  it('when the sort or the window is not understood, it answers in French and changes nothing', async () => {
    const sort = await k.post('/api/opportunity/listWindow', {
      ...k.as(owner),
      filter: { state: 'all' },
      sort: 'random',
    });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain('Ordre inconnu : attendu asc ou desc');
    const position = await k.post('/api/opportunity/listWindow', {
      ...k.as(owner),
      filter: { state: 'all' },
      startId: -1,
    });
    expect(position.status).toBe(400);
    expect(position.body.message).toContain('Position invalide');
  });

  it('a card changed after the list was read moves in the server list as in the browser', async () => {
    const before = await serverList(owner, 'todo', 'desc', '', NO_SELECTION);
    const moved = before.ids[3]!;
    await k.post('/api/opportunity/setWin', { ...k.as(owner), opportunityId: moved });
    const after = await serverList(owner, 'todo', 'desc', '', NO_SELECTION);
    expect(after.ids).toEqual(before.ids.filter((id) => id !== moved));
    const items = await browserList('win');
    const browser = filterAndCountBy(
      [...items].sort(compareByTimeFilter('desc')),
      criteriaOf('', NO_SELECTION),
    );
    expect((await serverList(owner, 'win', 'desc', '', NO_SELECTION)).ids).toEqual(
      browser.matched.map((item) => item.opportunity._id),
    );
  });
  it("a prospect edited or located after the facts were read: the next search equals the browser's", async () => {
    const compare = async (search: string) => {
      const sorted = [...(await browserList('all'))].sort(compareByTimeFilter('desc'));
      const browser = filterAndCountBy(sorted, criteriaOf(search, NO_SELECTION));
      const server = await serverList(owner, 'all', 'desc', search, NO_SELECTION);
      expect(server.ids).toEqual(browser.matched.map((item) => item.opportunity._id));
      for (const kind of FILTER_KINDS)
        expect(new Map(server.counts[kind] as [string, number][])).toEqual(browser.counts[kind]);
      return server.ids;
    };
    expect(await compare('zephyrin')).toEqual([]);
    const [id] = await compare('martin');
    await k.post('/api/opportunity/updateProspect', {
      ...k.as(owner),
      opportunityId: id,
      data: { prospect: 'Zéphyrin Lambert', ville: 'Lyon', contacts: [], custom: [] },
    });
    expect(await compare('zephyrin')).toEqual([id]);
    expect((await compare('saint e')).length).toBeGreaterThan(0);
  });
});
