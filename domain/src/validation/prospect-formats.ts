import { z } from '../zod';
import { MESSAGES } from './messages';

/**
 * What a postal code, a phone number, an e-mail and a SIRET must look like when they are typed in
 * the prospect-information and new-opportunity modals ('Aucun' / empty is always accepted there).
 * Lenient on writing (spaces, dots, hyphens, +33), strict on substance: the audit saved '12' as a
 * phone, 'ABCDE' as a postal code and 'pas-un-email' as an e-mail without a word.
 */
export const PROSPECT_FORMATS = {
  codePostale: {
    test: (value: string) => /^\d{5}$/.test(value),
    message: MESSAGES.invalidPostalCode,
  },
  telephone: {
    // Digits and the usual separators, a leading + for the international form; 10 to 15 digits.
    test: (value: string) => /^\+?[0-9 .()-]+$/.test(value) && /^\d{10,15}$/.test(value.replace(/\D/g, '')),
    message: MESSAGES.invalidPhone,
  },
  eMail: {
    test: (value: string) => z.regexes.email.test(value.toLowerCase()),
    message: MESSAGES.invalidEmail,
  },
  siret: {
    test: (value: string) => /^\d{14}$/.test(value.replace(/\s/g, '')),
    message: MESSAGES.invalidSiret,
  },
} as const;

export type FormattedField = keyof typeof PROSPECT_FORMATS;

/** True when `value` is empty or 'Aucun' (`empty`), or has the field's format. */
export function hasFormat(field: FormattedField, value: string, empty: string): boolean {
  return value === '' || value === empty || PROSPECT_FORMATS[field].test(value);
}
