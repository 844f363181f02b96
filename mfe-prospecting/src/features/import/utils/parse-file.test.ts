import '../test-utils/blob-array-buffer';
import { IMPORT_FILE_MESSAGES, ImportFileError, parseFile, AUTO_SETTINGS } from './parse-file';

const csvFile = (content: string | Uint8Array<ArrayBuffer>, name = 'prospects.csv') =>
  new File([typeof content === 'string' ? new TextEncoder().encode(content) : content], name);

const parse = (file: File, settings = AUTO_SETTINGS) => parseFile(file, file.name, settings, () => undefined);

// "Raison sociale;CP\r\nSociété Œuvre €;01000\r\n" as Excel saves it in France (Windows-1252).
const WINDOWS_1252_FILE = Uint8Array.from([
  ...new TextEncoder().encode('Raison sociale;CP\r\nSoci'),
  0xe9,
  0x74,
  0xe9,
  0x20,
  0x8c,
  0x75,
  0x76,
  0x72,
  0x65,
  0x20,
  0x80,
  ...new TextEncoder().encode(';01000\r\n'),
]);

test('a Windows-1252 ";" file is detected and read with its accents and leading zeros', async () => {
  const table = await parse(csvFile(WINDOWS_1252_FILE));
  expect(table).toMatchObject({
    kind: 'csv',
    encoding: 'windows-1252',
    delimiter: ';',
    headers: ['Raison sociale', 'CP'],
    rows: [['Société Œuvre €', '01000']],
  });
});

test('the user may force the encoding and the delimiter', async () => {
  const table = await parse(csvFile('a;b,c\n1;2,3\n'), { encoding: 'windows-1252', delimiter: ',' });
  expect(table.headers).toEqual(['a;b', 'c']);
  expect(table.encoding).toBe('windows-1252');
});

test('UTF-8 with a BOM: the BOM is not part of the first column title', async () => {
  const table = await parse(csvFile('\uFEFFNom,Ville\nACME,Lyon\n'));
  expect(table).toMatchObject({ encoding: 'utf-8', delimiter: ',', headers: ['Nom', 'Ville'] });
});

test('quoted fields keep their delimiters and line breaks; empty lines are skipped', async () => {
  const table = await parse(
    csvFile(
      'Nom\tAdresse\tCP\r\n\r\n"Dupont\tfils"\t"1 rue A\r\n2e étage"\t01000\r\n\t\t\r\nB\tC\t75001\r\n',
    ),
  );
  expect(table.delimiter).toBe('\t');
  expect(table.rows).toEqual([
    ['Dupont\tfils', '1 rue A\r\n2e étage', '01000'],
    ['B', 'C', '75001'],
  ]);
});

test('values stay text: postal codes, phones and SIRET keep their leading zeros', async () => {
  const table = await parse(csvFile('CP;Tel;Siret\n01000;0612345678;00012345600011\n'));
  expect(table.rows[0]).toEqual(['01000', '0612345678', '00012345600011']);
});

test('empty and repeated column titles are made unique; short rows are completed', async () => {
  const table = await parse(csvFile('Nom;;Nom\nA;B\n'));
  expect(table.headers).toEqual(['Nom', 'Colonne 2', 'Nom (2)']);
  expect(table.rows[0]).toEqual(['A', 'B', '']);
});

test('a row longer than the header gets titles for its extra cells', async () => {
  const table = await parse(csvFile('Nom;CP\nA;01000;extra\n'));
  expect(table.headers).toEqual(['Nom', 'CP', 'Colonne 3']);
});

test.each([
  ['an empty file', ''],
  ['blank lines only', '\n\n;;\n'],
  ['a header without rows', 'Nom;CP\n'],
])('%s gives "Fichier vide"', async (_label, content) => {
  await expect(parse(csvFile(content))).rejects.toEqual(new ImportFileError('Fichier vide'));
});

test('a cell longer than the API accepts is refused with its line', async () => {
  await expect(parse(csvFile(`Nom\nA\n${'x'.repeat(2001)}\n`))).rejects.toThrow(
    IMPORT_FILE_MESSAGES.cellTooLong(3),
  );
});

test('another kind of file is refused', async () => {
  await expect(parse(csvFile('x', 'liste.pdf'))).rejects.toThrow(IMPORT_FILE_MESSAGES.unsupported);
});

test('progress reports the rows read so far, in several steps for a large file', async () => {
  const lines = Array.from(
    { length: 30_000 },
    (_, i) => `Société ${i};${String(i % 100000).padStart(5, '0')}`,
  );
  const progress: number[] = [];
  const table = await parseFile(csvFile(`Nom;CP\n${lines.join('\n')}`), 'grand.csv', AUTO_SETTINGS, (p) =>
    progress.push(p.rows),
  );
  expect(table.rows).toHaveLength(30_000);
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)).toBe(30_000);
});
