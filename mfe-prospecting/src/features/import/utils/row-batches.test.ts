import { takeBatch, utf8Length } from './row-batches';

const headers = ['Nom', 'CP'];
const rows = Array.from({ length: 5000 }, (_, i) => [`Société ${i}`, '01000']);

test('a batch holds at most 2,000 rows keyed by column title', () => {
  const batch = takeBatch(headers, rows, 0);
  expect(batch.rows).toHaveLength(2000);
  expect(batch.rows[0]).toEqual({ Nom: 'Société 0', CP: '01000' });
  expect(batch.end).toBe(2000);
  expect(takeBatch(headers, rows, 4000).rows).toHaveLength(1000);
});

test('a batch stops before its JSON passes the byte limit', () => {
  const batch = takeBatch(headers, rows, 0, { maxRows: 2000, maxBytes: 1000 });
  expect(utf8Length(JSON.stringify(batch.rows))).toBeLessThanOrEqual(1000);
  expect(batch.end).toBe(batch.rows.length);
  expect(batch.rows.length).toBeGreaterThan(10);
});

test('UTF-8 length counts accents and emoji in bytes', () => {
  expect(utf8Length('é€😀a')).toBe(2 + 3 + 4 + 1);
});
