import { firstErrorMessage } from './errors';
import { objectIdSchema, tokenSchema } from './ids';

describe('objectIdSchema', () => {
  it('accepts 24 hex characters, in lower case', () => {
    expect(objectIdSchema.parse('65A1B2C3D4E5F60718293A4B')).toBe('65a1b2c3d4e5f60718293a4b');
  });

  it.each([
    '',
    undefined,
    '65a1b2c3d4e5f60718293a4',
    '65a1b2c3d4e5f60718293a4bc',
    'zza1b2c3d4e5f60718293a4b',
  ])("when the identifier is %p, it says 'Identifiant invalide'", (value) => {
    expect(firstErrorMessage(objectIdSchema, value)).toBe('Identifiant invalide');
  });

  it('when the identifier is not a string, says the value is invalid', () => {
    expect(firstErrorMessage(objectIdSchema, { $gt: '' })).toBe('Valeur invalide pour le champ identifiant');
    expect(firstErrorMessage(objectIdSchema, 42)).toBe('Valeur invalide pour le champ identifiant');
  });
});

describe('tokenSchema', () => {
  it('accepts hex and base64url tokens of 16 to 512 characters', () => {
    expect(firstErrorMessage(tokenSchema, 'a'.repeat(16))).toBeNull();
    expect(firstErrorMessage(tokenSchema, 'A-_z'.repeat(128))).toBeNull();
  });

  it.each(['a'.repeat(15), 'a'.repeat(513), `${'a'.repeat(20)}.`, `${'a'.repeat(20)}/`, null])(
    'refuses %p',
    (value) => {
      expect(firstErrorMessage(tokenSchema, value)).toBe('Jeton invalide ou expiré');
    },
  );
});
