import { firstErrorMessage } from './errors';
import { importTitleSchema, isPrivateAccess } from './import-title';

describe('importTitleSchema', () => {
  it.each([
    [{ title: '', access: 'Tout le monde' }, 'Veuillez remplir tous les champs'],
    [{ title: 'Prospects 2024', access: '' }, 'Veuillez remplir tous les champs'],
    [{ title: 'Pros', access: '' }, 'Veuillez remplir tous les champs'],
    [{}, 'Veuillez remplir tous les champs'],
    [{ title: 'Pros', access: 'Tout le monde' }, 'Le titre doit contenir au moins 5 caractères'],
    [{ title: '  abc  ', access: 'Seulement moi' }, 'Le titre doit contenir au moins 5 caractères'],
  ])('when the step holds %p, it says %p', (value, message) => {
    expect(firstErrorMessage(importTitleSchema, value)).toBe(message);
  });

  it('accepts a title of 5 characters and either access', () => {
    expect(importTitleSchema.parse({ title: ' Paris ', access: 'Seulement moi' })).toEqual({
      title: 'Paris',
      access: 'Seulement moi',
    });
    expect(firstErrorMessage(importTitleSchema, { title: 'Paris', access: 'Tout le monde' })).toBeNull();
  });

  it('refuses an access level the select does not offer', () => {
    expect(firstErrorMessage(importTitleSchema, { title: 'Paris', access: 'Public' })).toBe(
      'Valeur invalide pour le champ accès',
    );
  });

  it("maps 'Seulement moi' to a private file and 'Tout le monde' to a shared one", () => {
    expect(isPrivateAccess('Seulement moi')).toBe(true);
    expect(isPrivateAccess('Tout le monde')).toBe(false);
  });
});
