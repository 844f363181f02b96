import type { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * The message of the first failing rule, or null when the value is valid. Schemas list their
 * fields and checks in the spec's order, so this is the message the spec says to show.
 */
export function firstErrorMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? MESSAGES.invalidRequest;
}

/**
 * The first message of each failing field, keyed by its dotted path ('' for the value itself,
 * 'contacts.0.mail' for nested ones), for forms that show errors beside each field.
 */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
