import { firstErrorMessage } from './errors';
import {
  assignKeySchema,
  changePasswordSchema,
  invitationIdSchema,
  memberRemoveSchema,
  organisationRenameSchema,
  roleDeleteSchema,
} from './settings';

const ID = 'a'.repeat(24);

describe('settings schemas', () => {
  it('when a licence is freed, userId null is accepted', () => {
    expect(assignKeySchema.parse({ keyId: ID, userId: null })).toEqual({ keyId: ID, userId: null });
  });

  it('when the heir is missing, it says "Veuillez choisir le collaborateur qui reprend les opportunités"', () => {
    expect(firstErrorMessage(memberRemoveSchema, { userId: ID })).toBe(
      'Veuillez choisir le collaborateur qui reprend les opportunités',
    );
  });

  it('when an id is an operator object, it is refused in French', () => {
    expect(firstErrorMessage(roleDeleteSchema, { roleId: { $ne: null } })).toBe(
      'Valeur invalide pour le champ rôle',
    );
    expect(firstErrorMessage(invitationIdSchema, { invitationId: { $ne: null } })).toBe(
      'Valeur invalide pour le champ invitation',
    );
  });

  it('when the new name has 3 characters, it says "Raison sociale invalide"', () => {
    expect(firstErrorMessage(organisationRenameSchema, { name: 'Abc' })).toBe('Raison sociale invalide');
  });

  it('when the new password breaks a sign-up rule, it says which; without the current one, it asks for it', () => {
    expect(
      firstErrorMessage(changePasswordSchema, { currentPassword: 'Ancien1mdp', password: 'motdepasse1' }),
    ).toBe('Le mot de passe doit contenir au moins une lettre majuscule');
    expect(firstErrorMessage(changePasswordSchema, { password: 'Motdepasse1' })).toBe(
      'Veuillez entrer votre mot de passe actuel',
    );
  });
});
