import { guessDelimiter } from './delimiter';

test('a French Excel file separated by ";" is read with ";"', () => {
  expect(guessDelimiter('Raison sociale;Code postal;Ville\nACME;01000;Bourg\nBeta;75001;Paris\n')).toBe(';');
});

test('a file separated by "," is read with ","', () => {
  expect(guessDelimiter('Company,Zip,City\nACME,01000,Bourg\nBeta,75001,Paris')).toBe(',');
});

test('a tab-separated file is read with tabs', () => {
  expect(guessDelimiter('Nom\tCP\tVille\r\nACME\t01000\tBourg\r\n')).toBe('\t');
});

test('decimal commas do not beat ";"', () => {
  expect(guessDelimiter('Nom;Chiffre\nA;1,5\nB;2,25\n')).toBe(';');
});

test('delimiters inside quotes, line breaks included, do not count', () => {
  const text =
    'Nom;Adresse;Ville\n"Dupont, Durand et fils";"1, rue de la Paix\n2e étage, bureau 3";Paris\nB;rue;Lyon\n';
  expect(guessDelimiter(text)).toBe(';');
});

test('a single-column file falls back to ";"', () => {
  expect(guessDelimiter('Nom\nACME\n')).toBe(';');
});
