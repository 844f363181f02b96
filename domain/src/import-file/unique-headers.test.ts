import { uniqueHeaders } from './unique-headers';

test('empty header names become "Colonne <position>"', () => {
  expect(uniqueHeaders(['Nom', '', ' '])).toEqual(['Nom', 'Colonne 2', 'Colonne 3']);
});

test('repeated header names are numbered', () => {
  expect(uniqueHeaders(['Nom', 'Nom', 'Ville', 'Nom'])).toEqual(['Nom', 'Nom (2)', 'Ville', 'Nom (3)']);
});

test('a column called "Aucun" is renamed, since "Aucun" means no column in the mapping', () => {
  expect(uniqueHeaders(['Aucun'])).toEqual(['Aucun (2)']);
});

test('titles the API refuses as keys are renamed too', () => {
  expect(uniqueHeaders(['__proto__', 'constructor'])).toEqual(['__proto__ (2)', 'constructor (2)']);
});
