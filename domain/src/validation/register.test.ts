import { firstErrorMessage } from './errors';
import { registerSchema, toUsername } from './register';

const valid = { email: 'jean@exemple.fr', password: 'Abcdefg1', username: 'Dupont Jean' };

describe('registerSchema', () => {
  it('accepts a valid registration, normalising the e-mail and the name', () => {
    expect(registerSchema.parse({ ...valid, email: ' JEAN@exemple.fr', username: ' Dupont Jean ' })).toEqual(
      valid,
    );
  });

  it('enforces the sign-up password rules on the server too', () => {
    expect(firstErrorMessage(registerSchema, { ...valid, password: 'abcdefg1' })).toBe(
      'Le mot de passe doit contenir au moins une lettre majuscule',
    );
  });

  it('checks the password before the e-mail', () => {
    expect(firstErrorMessage(registerSchema, { ...valid, password: 'short', email: 'x' })).toBe(
      'Mot de passe trop court',
    );
    expect(firstErrorMessage(registerSchema, { ...valid, email: 'x' })).toBe('Email invalide');
  });

  it('when the name is empty, asks for it', () => {
    expect(firstErrorMessage(registerSchema, { ...valid, username: '  ' })).toBe(
      'Veuillez renseigner votre nom et prénom',
    );
  });

  it('when the name is longer than 200 characters, says so', () => {
    expect(firstErrorMessage(registerSchema, { ...valid, username: 'x'.repeat(201) })).toBe(
      'Le champ nom ne doit pas dépasser 200 caractères',
    );
  });
});

describe('toUsername', () => {
  it('joins the last name and the first name with a space', () => {
    expect(toUsername(' Dupont ', 'Jean ')).toBe('Dupont Jean');
    expect(toUsername('Dupont', '')).toBe('Dupont');
  });
});
