// The settings calls of issue 10: role deletion, member removal, invitations, licence assignment,
// organisation rename and the account page. Every identifier is checked before any query.
import { z } from '../zod';
import { companyNameSchema } from './organisation-create';
import { fieldError, idField, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';
import { passwordSchema } from './password';

/** /api/user/deleteRole */
export const roleDeleteSchema = z.object({ roleId: idField('rôle', MESSAGES.invalidId) }, OBJECT_ERROR);

/** /api/user/remove: the member leaving, and the member who takes over their opportunities. */
export const memberRemoveSchema = z.object(
  {
    userId: idField('utilisateur', MESSAGES.invalidId),
    reassignTo: idField('collaborateur repreneur', MESSAGES.reassignToRequired),
  },
  OBJECT_ERROR,
);

/** /api/invitation/resend, /api/invitation/revoke */
export const invitationIdSchema = z.object(
  { invitationId: idField('invitation', MESSAGES.invalidId) },
  OBJECT_ERROR,
);

/** /api/stripe/assignKey: `userId: null` frees the licence ('Non attribué'). */
export const assignKeySchema = z.object(
  {
    keyId: idField('licence', MESSAGES.invalidId),
    userId: idField('utilisateur', MESSAGES.invalidId).nullable(),
  },
  OBJECT_ERROR,
);

/** /api/organisation/rename: the creation rule for the company name. */
export const organisationRenameSchema = z.object({ name: companyNameSchema }, OBJECT_ERROR);

/** /api/account/changePassword: the new password gets the sign-up rules. */
export const changePasswordSchema = z.object(
  {
    currentPassword: z
      .string({ error: fieldError('mot de passe actuel', MESSAGES.currentPasswordRequired) })
      .min(1, MESSAGES.currentPasswordRequired)
      .max(MAX_LENGTHS.password, MESSAGES.tooLong('mot de passe actuel', MAX_LENGTHS.password)),
    password: passwordSchema,
  },
  OBJECT_ERROR,
);

export type RoleDeleteInput = z.input<typeof roleDeleteSchema>;
export type MemberRemoveInput = z.input<typeof memberRemoveSchema>;
export type InvitationIdInput = z.input<typeof invitationIdSchema>;
export type AssignKeyInput = z.input<typeof assignKeySchema>;
export type AssignKeyData = z.output<typeof assignKeySchema>;
export type OrganisationRenameInput = z.input<typeof organisationRenameSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;
