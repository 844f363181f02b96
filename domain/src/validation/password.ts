import { z } from '../zod';
import { fieldError, MAX_LENGTHS } from './fields';
import { MESSAGES } from './messages';

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Sign-up password rules, in the spec's order (SPEC §5). Letters are matched by Unicode category so
 * 'é' counts as lowercase and 'É' as uppercase. Passwords are never trimmed: spaces are characters.
 */
export const passwordSchema = z
  .string({ error: fieldError('mot de passe', MESSAGES.passwordTooShort) })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .regex(/\p{Ll}/u, MESSAGES.passwordNoLowercase)
  .regex(/\p{Lu}/u, MESSAGES.passwordNoUppercase)
  .regex(/[0-9]/, MESSAGES.passwordNoDigit)
  .max(MAX_LENGTHS.password, MESSAGES.tooLong('mot de passe', MAX_LENGTHS.password));
