import { firstErrorMessage } from './errors';
import { loginSchema } from './login';

describe('loginSchema', () => {
  it('accepts any non-empty password, with no strength rule', () => {
    expect(loginSchema.parse({ email: ' Jean@Exemple.fr ', password: 'a' })).toEqual({
      email: 'jean@exemple.fr',
      password: 'a',
    });
  });

  it('when the e-mail or the password is empty, asks for it', () => {
    expect(firstErrorMessage(loginSchema, { email: '', password: 'x' })).toBe('Veuillez entrer un e-mail');
    expect(firstErrorMessage(loginSchema, { email: 'a@b.fr', password: '' })).toBe(
      'Veuillez entrer un mot de passe',
    );
    expect(firstErrorMessage(loginSchema, {})).toBe('Veuillez entrer un e-mail');
  });

  it('when a field holds a query operator instead of a string, refuses it in French', () => {
    expect(firstErrorMessage(loginSchema, { email: { $gt: '' }, password: 'x' })).toBe(
      'Valeur invalide pour le champ e-mail',
    );
    expect(firstErrorMessage(loginSchema, { email: 'a@b.fr', password: { $ne: null } })).toBe(
      'Valeur invalide pour le champ mot de passe',
    );
  });

  it('caps the lengths', () => {
    expect(firstErrorMessage(loginSchema, { email: 'a'.repeat(255), password: 'x' })).toBe(
      'Le champ e-mail ne doit pas dépasser 254 caractères',
    );
    expect(firstErrorMessage(loginSchema, { email: 'a@b.fr', password: 'x'.repeat(129) })).toBe(
      'Le champ mot de passe ne doit pas dépasser 128 caractères',
    );
  });

  it('when the body is not an object, says the request is invalid', () => {
    expect(firstErrorMessage(loginSchema, null)).toBe('Requête invalide');
    expect(firstErrorMessage(loginSchema, 'email')).toBe('Requête invalide');
  });
});
