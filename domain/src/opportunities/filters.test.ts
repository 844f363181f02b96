import {
  applyFilters,
  facetCounts,
  type FilterableProspect,
  opportunitySearchTextOf,
  selectedFilterCount,
  syncGeographyFilters,
} from './filters';

const base: FilterableProspect = {
  prospect: 'Aucun',
  enseigne: 'Aucun',
  codePostale: 'Aucun',
  ville: 'Aucun',
  adresseComplete: 'Aucun',
  site: 'Aucun',
  telephone: 'Aucun',
  eMail: 'Aucun',
  siret: 'Aucun',
  region: 'Aucun',
  departement: 'Aucun',
  libelleactivite: 'Aucun',
  trancheSalarier: 'Aucun',
};

type Item = { id: number; p: FilterableProspect };
const item = (id: number, p: Partial<FilterableProspect>): Item => ({ id, p: { ...base, ...p } });

const items: Item[] = [
  item(1, {
    prospect: 'Boulangerie Éclair',
    enseigne: 'Pain Doré',
    codePostale: '75011',
    ville: 'Paris',
    region: 'Île-de-France',
    departement: '75',
    libelleactivite: 'Boulangerie',
    trancheSalarier: '10-19',
  }),
  item(2, {
    prospect: 'Garage Lyonnais',
    codePostale: '69003',
    ville: 'Lyon',
    region: 'Auvergne-Rhône-Alpes',
    departement: '69',
    libelleactivite: 'Garage',
    trancheSalarier: '1-9',
    eMail: 'contact@garage-lyon.fr',
  }),
  item(3, {
    prospect: 'Boulangerie des Halles',
    codePostale: '69001',
    ville: 'Lyon',
    region: 'Auvergne-Rhône-Alpes',
    departement: '69',
    libelleactivite: 'Boulangerie',
    trancheSalarier: '10-19',
    siret: '73282932000074',
  }),
  item(4, {
    prospect: 'Cœur de Ville',
    codePostale: '92100',
    ville: 'Boulogne-Billancourt',
    region: 'Île-de-France',
    departement: '92',
    libelleactivite: 'Garage',
    telephone: '0612345678',
  }),
];
const prospectOf = (i: Item) => i.p;
const ids = (list: Item[]) => list.map((i) => i.id);

describe('search', () => {
  it('is case- and accent-insensitive over the nine fields', () => {
    expect(ids(applyFilters(items, { search: 'ECLAIR' }, prospectOf))).toEqual([1]);
    expect(ids(applyFilters(items, { search: 'doré' }, prospectOf))).toEqual([1]);
    expect(ids(applyFilters(items, { search: 'coeur' }, prospectOf))).toEqual([4]);
    expect(ids(applyFilters(items, { search: 'garage-lyon' }, prospectOf))).toEqual([2]);
    expect(ids(applyFilters(items, { search: '7328293' }, prospectOf))).toEqual([3]);
    expect(ids(applyFilters(items, { search: '0612' }, prospectOf))).toEqual([4]);
    expect(ids(applyFilters(items, { search: '69001' }, prospectOf))).toEqual([3]);
  });

  it('needs every word, in any field and any order', () => {
    expect(ids(applyFilters(items, { search: 'lyon boulangerie' }, prospectOf))).toEqual([3]);
    expect(ids(applyFilters(items, { search: '  ' }, prospectOf))).toEqual([1, 2, 3, 4]);
  });

  it.each([
    '0715669840',
    '07 15 66 98 40',
    '07.15.66.98.40',
    '07-15-66-98-40',
    '+33 7 15 66 98 40',
    '+33715669840',
  ])('finds a phone stored in any form when "%s" is typed, and by its last digits', (stored) => {
    const phones = [item(1, { telephone: stored, ville: 'Lyon' }), item(2, { telephone: '07 15 66 98 41' })];
    for (const search of [
      '0715669840',
      '07 15 66 98 40',
      '07.15.66.98.40',
      '07-15-66-98-40',
      '+33 7 15 66 98 40',
      '+33715669840',
      '669840',
      '66 98 40',
      'lyon 66.98.40',
    ])
      expect({ search, found: ids(applyFilters(phones, { search }, prospectOf)) }).toEqual({
        search,
        found: [1],
      });
  });

  it("never matches the 'Aucun' placeholder of empty fields", () => {
    expect(ids(applyFilters(items, { search: 'aucun' }, prospectOf))).toEqual([]);
    expect(opportunitySearchTextOf(base)).toBe('');
  });
});

describe('filters', () => {
  it('combine with OR within a kind and AND across kinds', () => {
    expect(ids(applyFilters(items, { departement: ['75', '69'] }, prospectOf))).toEqual([1, 2, 3]);
    expect(
      ids(applyFilters(items, { departement: ['75', '69'], libelleactivite: ['Garage'] }, prospectOf)),
    ).toEqual([2]);
    expect(
      ids(
        applyFilters(
          items,
          { region: ['Île-de-France'], trancheSalarier: ['10-19'], search: 'pain' },
          prospectOf,
        ),
      ),
    ).toEqual([1]);
  });

  it('count the selected options for the filter button', () => {
    expect(selectedFilterCount({ region: ['a'], departement: ['1', '2'], search: 'x' })).toBe(3);
    // Bretagne ticks its four départements with it: one choice, plus the activity.
    expect(
      selectedFilterCount({
        region: ['Bretagne'],
        departement: ['22', '29', '35', '56'],
        libelleactivite: ['Boulangerie'],
      }),
    ).toBe(2);
    expect(selectedFilterCount({ region: ['Bretagne'], departement: ['22', '29', '35', '56', '75'] })).toBe(
      2,
    );
    expect(selectedFilterCount({})).toBe(0);
  });
});

describe('facetCounts', () => {
  it('counts each option among the items matching the search and the other kinds', () => {
    const facets = facetCounts(items, { libelleactivite: ['Boulangerie'] }, prospectOf);
    expect(facets.departement).toEqual([
      { value: '69', count: 1 },
      { value: '75', count: 1 },
    ]);
    // Its own kind is not narrowed by its selection: ticking Garage would add 2.
    expect(facets.libelleactivite).toEqual([
      { value: 'Boulangerie', count: 2 },
      { value: 'Garage', count: 2 },
    ]);
    expect(facets.trancheSalarier).toEqual([{ value: '10-19', count: 2 }]);
  });

  it("keeps a selected option at 0 and lists 'Aucun' last", () => {
    const facets = facetCounts(
      items,
      { libelleactivite: ['Garage'], trancheSalarier: ['50-99'] },
      prospectOf,
    );
    expect(facets.trancheSalarier).toEqual([
      { value: '1-9', count: 1 },
      { value: '50-99', count: 0 },
      { value: 'Aucun', count: 1 },
    ]);
    // The other kinds see no item: none is in the 50-99 bracket.
    expect(facets.region).toEqual([]);
  });
});

describe('syncGeographyFilters', () => {
  it('ticks and unticks the départements of a région', () => {
    const ticked = syncGeographyFilters({}, { region: ['Bretagne'] });
    expect(ticked).toEqual({ region: ['Bretagne'], departement: ['22', '29', '35', '56'] });
    expect(syncGeographyFilters(ticked, { region: [], departement: ticked.departement })).toEqual({
      region: [],
      departement: [],
    });
  });

  it('ticks the région of a département, and unticks it with its last département', () => {
    const one = syncGeographyFilters({}, { departement: ['69'] });
    expect(one).toEqual({ region: ['Auvergne-Rhône-Alpes'], departement: ['69'] });
    expect(syncGeographyFilters(one, { region: one.region, departement: [] })).toEqual({
      region: [],
      departement: [],
    });
  });
});
