import { firstErrorMessage } from './errors';
import { invitationCreateSchema } from './invitation-create';

describe('invitationCreateSchema', () => {
  it("when the e-mail is empty, it says 'Veuillez entrer un e-mail'", () => {
    expect(firstErrorMessage(invitationCreateSchema, { invitationEmail: '' })).toBe(
      'Veuillez entrer un e-mail',
    );
    expect(firstErrorMessage(invitationCreateSchema, {})).toBe('Veuillez entrer un e-mail');
  });

  it("when the e-mail is malformed, it says 'Email invalide'", () => {
    expect(firstErrorMessage(invitationCreateSchema, { invitationEmail: 'collegue@' })).toBe(
      'Email invalide',
    );
  });

  it('accepts and normalises a valid e-mail', () => {
    expect(invitationCreateSchema.parse({ invitationEmail: ' Collegue@Exemple.fr' })).toEqual({
      invitationEmail: 'collegue@exemple.fr',
    });
  });
});
