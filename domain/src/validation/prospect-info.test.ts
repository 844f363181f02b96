import { firstErrorMessage } from './errors';
import { prospectInfoSchema } from './prospect-info';

describe('prospectInfoSchema', () => {
  it("turns empty standard fields into 'Aucun'", () => {
    const parsed = prospectInfoSchema.parse({
      prospect: 'Boulangerie Dupont',
      ville: '  ',
      site: null,
      eMail: '',
    });
    expect(parsed).toMatchObject({
      prospect: 'Boulangerie Dupont',
      ville: 'Aucun',
      site: 'Aucun',
      eMail: 'Aucun',
      siret: 'Aucun',
      typeEtablissement: 'Aucun',
    });
    expect(parsed.contacts).toEqual([]);
    expect(parsed.custom).toEqual([]);
  });

  it("when a custom pair is incomplete, it says 'Veuillez remplir tous les champs avant de valider'", () => {
    expect(firstErrorMessage(prospectInfoSchema, { custom: [{ title: 'Horaires', value: '' }] })).toBe(
      'Veuillez remplir tous les champs avant de valider',
    );
    expect(firstErrorMessage(prospectInfoSchema, { custom: [{ value: '8h-18h' }] })).toBe(
      'Veuillez remplir tous les champs avant de valider',
    );
  });

  it('keeps complete custom pairs and contacts', () => {
    const parsed = prospectInfoSchema.parse({
      custom: [{ title: 'Horaires', value: '8h-18h' }],
      contacts: [{ civilite: 'Mr.', surname: 'Martin' }],
    });
    expect(parsed.custom).toEqual([{ title: 'Horaires', value: '8h-18h' }]);
    expect(parsed.contacts[0]).toMatchObject({ civilite: 'Mr.', surname: 'Martin', name: '' });
  });

  it('caps the standard fields with a French message', () => {
    expect(firstErrorMessage(prospectInfoSchema, { codePostale: '1'.repeat(21) })).toBe(
      'Le champ code postal ne doit pas dépasser 20 caractères',
    );
  });
});

describe('prospect facts typed in the modal', () => {
  it.each([
    ['codePostale', 'ABCDE', 'Code postal invalide'],
    ['telephone', '12', 'Numéro de téléphone invalide'],
    ['eMail', 'pas-un-email', 'Email invalide'],
    ['siret', '123', 'Siret invalide'],
  ])('refuses %s %p', (field, value, message) => {
    expect(firstErrorMessage(prospectInfoSchema, { [field]: value, contacts: [], custom: [] })).toBe(message);
  });

  it("accepts those fields empty or 'Aucun', and well formed", () => {
    for (const data of [
      { codePostale: '', telephone: 'Aucun', eMail: '', siret: 'Aucun' },
      { codePostale: '75001', telephone: '+33 1 23 45 67 89', eMail: 'a@b.fr', siret: '73282932000074' },
    ])
      expect(firstErrorMessage(prospectInfoSchema, { ...data, contacts: [], custom: [] })).toBeNull();
  });
});
