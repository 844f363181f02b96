import { firstErrorMessage } from './errors';
import { passwordSchema } from './password';

describe('passwordSchema', () => {
  it.each([
    ['', 'Mot de passe trop court'],
    ['Abc1', 'Mot de passe trop court'],
    ['Abcdef1', 'Mot de passe trop court'],
    ['ABCDEFG1', 'Le mot de passe doit contenir au moins une lettre minuscule'],
    ['abcdefg1', 'Le mot de passe doit contenir au moins une lettre majuscule'],
    ['Abcdefgh', 'Le mot de passe doit contenir au moins un chiffre'],
  ])('when the password is %p, it says %p', (password, message) => {
    expect(firstErrorMessage(passwordSchema, password)).toBe(message);
  });

  it('checks the length before the letters and the digit', () => {
    expect(firstErrorMessage(passwordSchema, '1')).toBe('Mot de passe trop court');
    expect(firstErrorMessage(passwordSchema, 'ABCDEFGH')).toBe(
      'Le mot de passe doit contenir au moins une lettre minuscule',
    );
  });

  it('accepts 8 characters with a lowercase and an uppercase letter and a digit', () => {
    expect(passwordSchema.parse('Abcdefg1')).toBe('Abcdefg1');
  });

  it('counts accented letters as letters', () => {
    expect(firstErrorMessage(passwordSchema, 'ÉLÉPHANT1é')).toBeNull();
    expect(firstErrorMessage(passwordSchema, 'éléphant1É')).toBeNull();
  });

  it('keeps spaces, which are part of the password', () => {
    expect(passwordSchema.parse(' Abcdef1 ')).toBe(' Abcdef1 ');
  });

  it('when the password is longer than 128 characters, it says so in French', () => {
    expect(firstErrorMessage(passwordSchema, `Aa1${'x'.repeat(126)}`)).toBe(
      'Le champ mot de passe ne doit pas dépasser 128 caractères',
    );
  });

  it('when the password is not a string, it says the value is invalid', () => {
    expect(firstErrorMessage(passwordSchema, { $gt: '' })).toBe('Valeur invalide pour le champ mot de passe');
    expect(firstErrorMessage(passwordSchema, 12345678)).toBe('Valeur invalide pour le champ mot de passe');
  });
});
