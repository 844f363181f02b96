import { z } from '../zod';
import { fieldError, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';

/**
 * Login only requires two bounded strings: strength and shape rules belong to sign-up, and a
 * stricter check here could lock out an account created under older rules.
 */
export const loginSchema = z.object(
  {
    email: z
      .string({ error: fieldError('e-mail', MESSAGES.emailRequired) })
      .trim()
      .toLowerCase()
      .min(1, MESSAGES.emailRequired)
      .max(MAX_LENGTHS.email, MESSAGES.tooLong('e-mail', MAX_LENGTHS.email)),
    password: z
      .string({ error: fieldError('mot de passe', MESSAGES.passwordRequired) })
      .min(1, MESSAGES.passwordRequired)
      .max(MAX_LENGTHS.password, MESSAGES.tooLong('mot de passe', MAX_LENGTHS.password)),
  },
  OBJECT_ERROR,
);

export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;
