import { firstErrorMessage } from './errors';
import { forgotSchema } from './forgot';
import { resetPasswordSchema, verifyResetTokenSchema } from './reset-password';

const token = 'f'.repeat(64);

describe('forgotSchema', () => {
  it('when the e-mail is empty, asks for it; when malformed, says it is invalid', () => {
    expect(firstErrorMessage(forgotSchema, { email: '' })).toBe('Veuillez entrer un e-mail');
    expect(firstErrorMessage(forgotSchema, { email: 'jean' })).toBe('Email invalide');
    expect(forgotSchema.parse({ email: 'JEAN@exemple.fr' })).toEqual({ email: 'jean@exemple.fr' });
  });
});

describe('verifyResetTokenSchema', () => {
  it('accepts a hex or base64url token', () => {
    expect(firstErrorMessage(verifyResetTokenSchema, { token })).toBeNull();
    expect(firstErrorMessage(verifyResetTokenSchema, { token: 'aB3_-xYz0123456789' })).toBeNull();
  });

  it.each([undefined, '', 'short', 'a'.repeat(513), 'abc/def+ghi=jkl012345', { $gt: '' }])(
    'when the token is %p, says the link is invalid',
    (value) => {
      expect(firstErrorMessage(verifyResetTokenSchema, { token: value })).toBe('Jeton invalide ou expiré');
    },
  );
});

describe('resetPasswordSchema', () => {
  it('accepts a strong password and its identical confirmation', () => {
    expect(resetPasswordSchema.parse({ token, password: 'Abcdefg1', passwordVerif: 'Abcdefg1' })).toEqual({
      token,
      password: 'Abcdefg1',
      passwordVerif: 'Abcdefg1',
    });
  });

  it("when the confirmation differs, says 'Les mots de passe ne correspondent pas'", () => {
    expect(
      firstErrorMessage(resetPasswordSchema, { token, password: 'Abcdefg1', passwordVerif: 'Abcdefg2' }),
    ).toBe('Les mots de passe ne correspondent pas');
  });

  it('applies the sign-up password rules first', () => {
    expect(firstErrorMessage(resetPasswordSchema, { token, password: 'abc', passwordVerif: 'abc' })).toBe(
      'Mot de passe trop court',
    );
  });
});
