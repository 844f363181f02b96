import { applyFilters, facetCounts, type OpportunityFilters } from '@app/domain';
import { opportunityView } from '../test-utils/list-fixtures';
import { NO_SELECTION, toggleOption, type FacetSelection } from './list-filter';
import { filterAndCount, indexOpportunity } from './list-index';

const REGIONS = [
  ['35000', '35', 'Bretagne'],
  ['29200', '29', 'Bretagne'],
  ['14000', '14', 'Normandie'],
  ['69001', '69', 'Auvergne-Rhône-Alpes'],
  ['Aucun', 'Aucun', 'Aucun'],
] as const;
const ACTIVITIES = ['Boulangerie', 'Garage', 'Fleuriste', 'Aucun'];
const TRANCHES = ['0 salarié', '1 à 2 salariés', '10 à 19 salariés'];
const NAMES = ['École du Parc', 'Garage Müller', 'Boulangerie Éloïse', 'Fleurs & Cie'];

const items = Array.from({ length: 400 }, (_, index) => {
  const [codePostale, departement, region] = REGIONS[index % REGIONS.length]!;
  return opportunityView(
    index,
    {},
    {
      prospect: NAMES[index % NAMES.length]!,
      codePostale,
      departement,
      region,
      libelleactivite: ACTIVITIES[(index >> 1) % ACTIVITIES.length]!,
      trancheSalarier: TRANCHES[(index >> 2) % TRANCHES.length]!,
    },
  );
});
const indexed = items.map(indexOpportunity);
const prospectOf = (item: (typeof items)[number]) => item.prospectId;

const CASES: [string, FacetSelection][] = [
  ['', NO_SELECTION],
  ['ecole', NO_SELECTION],
  ['', toggleOption(NO_SELECTION, 'region', 'Bretagne')],
  [
    'garage',
    toggleOption(toggleOption(NO_SELECTION, 'libelleactivite', 'Garage'), 'libelleactivite', 'Aucun'),
  ],
  ['', toggleOption(toggleOption(NO_SELECTION, 'departement', '14'), 'trancheSalarier', '0 salarié')],
  ['boulangerie eloise', toggleOption(NO_SELECTION, 'codePostale', '35000')],
  [
    '',
    toggleOption(
      toggleOption(toggleOption(NO_SELECTION, 'codePostale', '35000'), 'libelleactivite', 'Garage'),
      'trancheSalarier',
      '0 salarié',
    ),
  ],
];

test.each(CASES)(
  'with search "%s" and %o the list is exactly what the export filters',
  (search, selection) => {
    const filters: OpportunityFilters = { ...selection, search };
    const { matched } = filterAndCount(indexed, search, selection);
    expect(matched.map((item) => item.opportunity)).toEqual(applyFilters(items, filters, prospectOf));
  },
);

test.each(CASES)(
  'with search "%s" and %o the counts outside geography are the domain facets',
  (search, selection) => {
    const { counts } = filterAndCount(indexed, search, selection);
    const domain = facetCounts(items, { ...selection, search }, prospectOf);
    for (const kind of ['codePostale', 'libelleactivite', 'trancheSalarier'] as const) {
      const nonZero = domain[kind].filter((option) => option.count > 0);
      expect(Object.fromEntries(counts[kind])).toEqual(
        Object.fromEntries(nonZero.map((option) => [option.value, option.count])),
      );
    }
  },
);

test('région and département counts ignore both, so another région tells what it would add', () => {
  const selection = toggleOption(NO_SELECTION, 'region', 'Bretagne');
  const { counts } = filterAndCount(indexed, '', selection);
  expect(counts.region.get('Normandie')).toBe(80);
  expect(counts.departement.get('14')).toBe(80);
  expect(counts.region.get('Bretagne')).toBe(160);
});

describe('searching by phone number', () => {
  const STORED = ['07 15 66 98 40', '0715669840', '07.15.66.98.40', '07-15-66-98-40', '+33 7 15 66 98 40'];
  const phones = [
    ...STORED.map((telephone, index) => opportunityView(index, {}, { telephone })),
    opportunityView(STORED.length, {}, { telephone: '07 15 66 98 41' }),
  ].map(indexOpportunity);
  const shown = (search: string) =>
    filterAndCount(phones, search, NO_SELECTION).matched.map((item) => item.opportunity.prospectId.telephone);

  it.each([
    '0715669840',
    '07 15 66 98 40',
    '07.15.66.98.40',
    '07-15-66-98-40',
    '+33 7 15 66 98 40',
    '+33715669840',
    '669840',
    '66 98 40',
  ])('when "%s" is typed, the list shows the prospect whatever the form of its stored number', (search) => {
    expect(shown(search)).toEqual(STORED);
  });

  it('when another number is typed, none of them is shown', () => {
    expect(shown('07 15 66 98 42')).toEqual([]);
  });
});
