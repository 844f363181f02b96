import { firstErrorMessage } from './errors';
import { fastRegisterSchema } from './fast-register';

const valid = {
  email: 'jean@exemple.fr',
  password: 'Abcdefg1',
  username: 'Dupont Jean',
  raisonSocial: 'Boulangerie Dupont',
  fonction: 'Gérant',
  phone: '0612345678',
};

describe('fastRegisterSchema (/discovery), checked in the spec order', () => {
  it.each([
    ['password', 'Abc1', 'Mot de passe trop court'],
    ['password', 'ABCDEFG1', 'Le mot de passe doit contenir au moins une lettre minuscule'],
    ['password', 'abcdefg1', 'Le mot de passe doit contenir au moins une lettre majuscule'],
    ['password', 'Abcdefgh', 'Le mot de passe doit contenir au moins un chiffre'],
    ['email', 'jean.exemple.fr', 'Email invalide'],
    ['phone', '06123456', 'Numéro de téléphone invalide'],
  ])('when %s is %p, it says %p', (field, value, message) => {
    expect(firstErrorMessage(fastRegisterSchema, { ...valid, [field]: value })).toBe(message);
  });

  it('reports the password before a bad e-mail and a bad phone', () => {
    expect(
      firstErrorMessage(fastRegisterSchema, { ...valid, password: 'abcdefgh', email: 'x', phone: '1' }),
    ).toBe('Le mot de passe doit contenir au moins une lettre majuscule');
  });

  it('reports the e-mail before a bad phone', () => {
    expect(firstErrorMessage(fastRegisterSchema, { ...valid, email: 'x', phone: '1' })).toBe(
      'Email invalide',
    );
  });

  it("when everything is empty, starts with 'Mot de passe trop court'", () => {
    expect(firstErrorMessage(fastRegisterSchema, {})).toBe('Mot de passe trop court');
  });

  it('gives the company name the organisation rule', () => {
    expect(firstErrorMessage(fastRegisterSchema, { ...valid, raisonSocial: 'ABC' })).toBe(
      'Raison sociale invalide',
    );
  });

  it('accepts a valid sign-up, with the phone written with spaces and no function', () => {
    const { fonction: _fonction, ...withoutFunction } = valid;
    expect(fastRegisterSchema.parse({ ...withoutFunction, phone: '06 12 34 56 78' })).toEqual({
      ...valid,
      fonction: '',
    });
  });
});
