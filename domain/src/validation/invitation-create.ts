import { z } from '../zod';
import { requiredEmail } from './email';
import { OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';

/** 'Invitez un Collaborateur': empty says 'Veuillez entrer un e-mail', malformed 'Email invalide'. */
export const invitationCreateSchema = z.object(
  { invitationEmail: requiredEmail(MESSAGES.invitationEmailRequired) },
  OBJECT_ERROR,
);

export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;
export type InvitationCreateData = z.output<typeof invitationCreateSchema>;
