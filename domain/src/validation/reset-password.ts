import { z } from '../zod';
import { fieldError, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { tokenSchema } from './ids';
import { MESSAGES } from './messages';
import { passwordSchema } from './password';

export const verifyResetTokenSchema = z.object({ token: tokenSchema }, OBJECT_ERROR);

export type VerifyResetTokenInput = z.input<typeof verifyResetTokenSchema>;

/** The new password gets the sign-up rules; the confirmation must match it exactly. */
export const resetPasswordSchema = z
  .object(
    {
      token: tokenSchema,
      password: passwordSchema,
      passwordVerif: z
        .string({ error: fieldError('confirmation du mot de passe', MESSAGES.passwordsDoNotMatch) })
        .max(MAX_LENGTHS.password, MESSAGES.tooLong('confirmation du mot de passe', MAX_LENGTHS.password)),
    },
    OBJECT_ERROR,
  )
  .refine((value) => value.password === value.passwordVerif, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['passwordVerif'],
  });

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;
