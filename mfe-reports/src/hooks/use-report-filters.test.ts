import { filtersFromSearch } from './use-report-filters';

const ID = 'a'.repeat(24);

test('the URL’s query gives the filters, unreadable values fall back to the default period', () => {
  expect(filtersFromSearch(new URLSearchParams(''))).toEqual({ period: '30days' });
  expect(
    filtersFromSearch(
      new URLSearchParams(
        `periode=custom&du=2025-01-01&au=2025-01-31&commercial=${ID}&fichier=${ID}&par=week`,
      ),
    ),
  ).toEqual({
    period: 'custom',
    from: '2025-01-01',
    to: '2025-01-31',
    userId: ID,
    excelId: ID,
    granularity: 'week',
  });
  expect(
    filtersFromSearch(new URLSearchParams('periode=custom&du=2025-01-01&commercial=moi&par=heure')),
  ).toEqual({ period: '30days' });
  expect(filtersFromSearch(new URLSearchParams('periode=année'))).toEqual({ period: '30days' });
});
