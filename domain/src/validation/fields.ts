import { z } from '../zod';
import { MESSAGES } from './messages';

/** Length caps, so neither the forms nor the API accept unbounded text. */
export const MAX_LENGTHS = {
  email: 254,
  password: 128,
  name: 200,
  phone: 30,
  postalCode: 20,
  address: 300,
  title: 200,
  shortText: 100,
  text: 500,
  comment: 5000,
  customTitle: 100,
  customValue: 1000,
} as const;

/** Caps on list lengths (contacts, custom pairs). */
export const MAX_ITEMS = {
  contacts: 50,
  customFields: 50,
} as const;

function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

/**
 * zod error map for a field: `missingMessage` when the value is absent (undefined or null), a
 * French "wrong type" message otherwise, so `{"$gt": ""}` or a number never yields zod's English.
 */
export function fieldError(label: string, missingMessage?: string): (issue: { input?: unknown }) => string {
  return (issue) =>
    missingMessage !== undefined && isMissing(issue.input) ? missingMessage : MESSAGES.invalidType(label);
}

/** Same as fieldError, but an empty string or NaN also counts as absent (selects and date inputs). */
export function choiceError(label: string, missingMessage: string): (issue: { input?: unknown }) => string {
  return (issue) =>
    isMissing(issue.input) || issue.input === '' || Number.isNaN(issue.input)
      ? missingMessage
      : MESSAGES.invalidType(label);
}

/** The error of an object schema given something that is not an object (null body, string, array). */
export const OBJECT_ERROR = { error: MESSAGES.invalidRequest } as const;

/** Trimmed text that must not be empty. */
export function requiredText(label: string, requiredMessage: string, max: number) {
  return z
    .string({ error: fieldError(label, requiredMessage) })
    .trim()
    .min(1, requiredMessage)
    .max(max, MESSAGES.tooLong(label, max));
}

/** Trimmed text that may be empty or absent (undefined and null both read as ''). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: fieldError(label) })
    .trim()
    .max(max, MESSAGES.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');
}

const MAX_TIMESTAMP = 8_640_000_000_000_000; // the largest epoch-ms a JavaScript Date can hold

/** An epoch-milliseconds timestamp; absent, '' or NaN (an empty date input) gives `requiredMessage`. */
export function timestamp(label: string, requiredMessage: string) {
  return z
    .number({ error: choiceError(label, requiredMessage) })
    .int(MESSAGES.invalidDate)
    .min(0, MESSAGES.invalidDate)
    .max(MAX_TIMESTAMP, MESSAGES.invalidDate);
}

/** An identifier once lower-cased: 24 hexadecimal characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A 24-hex-character identifier whose absence or malformation is reported with `message`. */
export function idField(label: string, message: string) {
  return z
    .string({ error: fieldError(label, message) })
    .toLowerCase()
    .regex(ID_PATTERN, message);
}
