import { z } from '../zod';
import { fieldError, MAX_LENGTHS } from './fields';
import { MESSAGES } from './messages';

// zod's own e-mail pattern (the one `z.email()` uses): letters, digits and _'+- around dots, a
// domain with a 2+ letter TLD. Applied after lower-casing, so the address is stored one way only.
const EMAIL_PATTERN = z.regexes.email;

const LABEL = 'e-mail';

/** An e-mail address, trimmed and lower-cased; anything not shaped like one, empty included, is 'Email invalide'. */
export const emailSchema = z
  .string({ error: fieldError(LABEL, MESSAGES.invalidEmail) })
  .trim()
  .toLowerCase()
  .max(MAX_LENGTHS.email, MESSAGES.tooLong(LABEL, MAX_LENGTHS.email))
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

/** Like emailSchema, but an empty or absent value says `emptyMessage` first ('Veuillez entrer un e-mail'). */
export function requiredEmail(emptyMessage: string) {
  return z
    .string({ error: fieldError(LABEL, emptyMessage) })
    .trim()
    .toLowerCase()
    .min(1, emptyMessage)
    .max(MAX_LENGTHS.email, MESSAGES.tooLong(LABEL, MAX_LENGTHS.email))
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.invalidEmail);
}
