import { firstErrorMessage } from './errors';
import { importRowsSchema, prospectImportSchema } from './prospect-import';

const rows = [
  { Nom: 'Boulangerie Dupont', CP: '75001', Effectif: 12, Actif: true, Note: null },
  { Nom: 'Garage Martin', CP: '69003', Effectif: 3, Actif: false, Note: 'rappeler' },
];

const valid = {
  exel: rows,
  name: 'Prospects Paris',
  isPrivate: false,
  value: { prospect: 'Nom', site: 'Aucun' },
};

describe('importRowsSchema', () => {
  it("when the parsed file has no row, it says 'Fichier vide'", () => {
    expect(firstErrorMessage(importRowsSchema, [])).toBe('Fichier vide');
    expect(firstErrorMessage(importRowsSchema, undefined)).toBe('Fichier vide');
  });

  it('accepts dynamically typed values and the surplus fields of a ragged row', () => {
    expect(firstErrorMessage(importRowsSchema, [...rows, { Nom: 'X', __parsed_extra: ['a', 1] }])).toBeNull();
  });

  it('refuses a cell that holds an object', () => {
    expect(firstErrorMessage(importRowsSchema, [{ Nom: { $gt: '' } }])).toBe(
      'Valeur invalide pour le champ cellule',
    );
  });
});

describe('prospectImportSchema (/api/prospect/load)', () => {
  it('accepts a file, a title, an access flag and a mapping', () => {
    expect(prospectImportSchema.parse(valid)).toEqual(valid);
  });

  it('checks the file first, then the title', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, exel: [], name: '' })).toBe('Fichier vide');
    expect(firstErrorMessage(prospectImportSchema, { ...valid, name: '' })).toBe(
      'Veuillez remplir tous les champs',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, name: 'Pros' })).toBe(
      'Le titre doit contenir au moins 5 caractères',
    );
  });

  it('accepts only field identifiers as mapping targets', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { $gt: '' } })).toBe(
      'Valeur invalide pour le champ correspondance des colonnes',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { 'a.b': 'Nom' } })).toBe(
      'Valeur invalide pour le champ correspondance des colonnes',
    );
  });

  it('wants isPrivate as a boolean', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, isPrivate: 'Seulement moi' })).toBe(
      'Valeur invalide pour le champ accès',
    );
  });
});
