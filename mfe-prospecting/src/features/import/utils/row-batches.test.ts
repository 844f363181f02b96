import { rowObject, takeBatch, utf8Length } from './row-batches';

const headers = ['Nom', 'CP'];
const rows = Array.from({ length: 5000 }, (_, i) => [`Société ${i}`, '01000']);

test('a batch holds at most 2,000 rows as cells in the columns’ order', () => {
  const batch = takeBatch(headers, rows, 0);
  expect(batch.cells).toHaveLength(2000);
  expect(batch.cells[0]).toEqual(['Société 0', '01000']);
  expect(batch.end).toBe(2000);
  expect(takeBatch(headers, rows, 4000).cells).toHaveLength(1000);
});

test('ragged rows are padded or cut to the columns', () => {
  const batch = takeBatch(headers, [['Seule'], ['A', '01000', 'surplus']], 0);
  expect(batch.cells).toEqual([
    ['Seule', ''],
    ['A', '01000'],
  ]);
});

test('a batch stops before its JSON passes the byte limit', () => {
  const batch = takeBatch(headers, rows, 0, { maxRows: 2000, maxBytes: 1000 });
  // Bounded as row objects, so a first batch holding the whole file fits the spec's /load.
  const objects = batch.cells.map((cells) => rowObject(headers, cells));
  expect(utf8Length(JSON.stringify(objects))).toBeLessThanOrEqual(1000);
  expect(batch.end).toBe(batch.cells.length);
  expect(batch.cells.length).toBeGreaterThan(10);
});

test('UTF-8 length counts accents and emoji in bytes', () => {
  expect(utf8Length('é€😀a')).toBe(2 + 3 + 4 + 1);
});
