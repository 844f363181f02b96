import '../test-utils/blob-array-buffer';
import { ImportSession } from './import-session';
import { AUTO_SETTINGS } from './parse-file';

async function sessionOf(csv: string) {
  const session = new ImportSession();
  const file = new File([csv], 'prospects.csv');
  const summary = await session.parse(file, file.name, AUTO_SETTINGS, () => undefined);
  return { session, summary };
}

const CSV = [
  'Raison sociale;CP;Siret',
  'ACME;01000;',
  'Acmé ;1000;', // same company and postal code once normalised: a duplicate
  ';75001;',
  // A placeholder SIRET (fails its check digit): flagged, and no duplicate of each other.
  'Beta;75001;12345678901234',
  'Gamma;75002;12345678901234',
].join('\n');

const mapping = { prospect: 'Raison sociale', codePostale: 'CP', siret: 'Siret' };

test('the summary gives the columns, the row count and the first rows', async () => {
  const { summary } = await sessionOf(CSV);
  expect(summary).toMatchObject({ headers: ['Raison sociale', 'CP', 'Siret'], rowCount: 5, delimiter: ';' });
  expect(summary.sample[0]).toEqual(['ACME', '01000', '']);
});

test('the pre-count finds the duplicates within the file, the rejected rows and the bad SIRET', async () => {
  const { session } = await sessionOf(CSV);
  expect(await session.preCount(mapping, { keepTitle: true, removeRowsWithout: [] })).toEqual({
    accepted: 4,
    rejected: 1,
    duplicatesInFile: 1,
    siretFlagged: 2,
  });
});

test('"Supprimer la ligne si vide" counts the rows without that field as rejected', async () => {
  const { session } = await sessionOf(CSV);
  const count = await session.preCount(mapping, { keepTitle: true, removeRowsWithout: ['siret'] });
  expect(count).toMatchObject({ accepted: 2, rejected: 3 });
});

test('rows are picked by index, for the rejected-rows file', async () => {
  const { session } = await sessionOf(CSV);
  expect(session.pick([2])).toEqual([['', '75001', '']]);
});
