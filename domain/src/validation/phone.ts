import { z } from '../zod';
import { fieldError, MAX_LENGTHS } from './fields';
import { MESSAGES } from './messages';

/**
 * Sign-up phone: exactly 10 digits (SPEC §5). Spaces, dots and hyphens are removed first, so
 * '06 12 34 56 78' and '06.12.34.56.78' are accepted and stored as '0612345678'. An international
 * form ('+33 6…') is not converted: the spec asks for 10 digits.
 */
export const phoneSchema = z
  .string({ error: fieldError('téléphone', MESSAGES.invalidPhone) })
  .overwrite((value) => value.replace(/[\s.-]/g, ''))
  .regex(/^[0-9]{10}$/, MESSAGES.invalidPhone);

export const ORGANISATION_PHONE_MIN_LENGTH = 10;

/**
 * Organisation phone: longer than 9 characters once trimmed (SPEC §5), made only of what a phone
 * number is written with (digits, spaces, dots, hyphens, parentheses, a leading +).
 */
export const organisationPhoneSchema = z
  .string({ error: fieldError('téléphone', MESSAGES.invalidPhone) })
  .trim()
  .min(ORGANISATION_PHONE_MIN_LENGTH, MESSAGES.invalidPhone)
  .max(MAX_LENGTHS.phone, MESSAGES.invalidPhone)
  .regex(/^\+?[0-9 .()-]+$/, MESSAGES.invalidPhone);
