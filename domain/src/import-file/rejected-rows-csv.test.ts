import { rejectedRowsCsv } from './rejected-rows-csv';

test('the rejected rows come as ";" CSV with a UTF-8 BOM, their columns and a "Motif" column', () => {
  const csv = rejectedRowsCsv(
    ['Raison sociale', 'CP'],
    [{ cells: ['', '01000'], reason: 'Ligne sans raison sociale ni enseigne' }],
  );
  expect(csv).toBe('\uFEFFRaison sociale;CP;Motif\r\n;01000;Ligne sans raison sociale ni enseigne\r\n');
});

test('cells holding ";", quotes or line breaks are quoted', () => {
  const csv = rejectedRowsCsv(['Nom'], [{ cells: ['Dupont; "fils"\nSA'], reason: 'Champ vide : Ville' }]);
  expect(csv.split('\r\n')[1]).toBe('"Dupont; ""fils""\nSA";Champ vide : Ville');
});

test('cells starting with = + - @ cannot run as formulas', () => {
  const csv = rejectedRowsCsv(
    ['A', 'B', 'C', 'D'],
    [{ cells: ['=HYPERLINK("x")', '+33 1', '-1', '@SUM(A1)'], reason: 'x' }],
  );
  expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")";'+33 1;'-1;'@SUM(A1);x`);
});

test('a short row is completed with empty cells', () => {
  expect(rejectedRowsCsv(['A', 'B'], [{ cells: ['a'], reason: 'r' }]).split('\r\n')[1]).toBe('a;;r');
});
