import { z } from '../zod';
import { fieldError, MAX_ITEMS, MAX_LENGTHS } from './fields';
import { MESSAGES } from './messages';

/**
 * Free title/value pairs (contractual and prospect modals): both halves must be filled, with the
 * message each modal uses.
 */
export function customFieldsSchema(emptyMessage: string) {
  const pair = z.object(
    {
      title: z
        .string({ error: fieldError('titre', emptyMessage) })
        .trim()
        .min(1, emptyMessage)
        .max(MAX_LENGTHS.customTitle, MESSAGES.tooLong('titre', MAX_LENGTHS.customTitle)),
      value: z
        .string({ error: fieldError('valeur', emptyMessage) })
        .trim()
        .min(1, emptyMessage)
        .max(MAX_LENGTHS.customValue, MESSAGES.tooLong('valeur', MAX_LENGTHS.customValue)),
    },
    { error: fieldError('champ personnalisé', emptyMessage) },
  );
  return z
    .array(pair, { error: fieldError('champs personnalisés') })
    .max(MAX_ITEMS.customFields, MESSAGES.tooMany('champs personnalisés', MAX_ITEMS.customFields))
    .default([]);
}

export type CustomField = { title: string; value: string };

/** Stored keys write spaces as underscores; screens show them back with spaces (SPEC §2). */
export function toStoredKey(title: string): string {
  return title.trim().replace(/\s+/g, '_');
}

export function formatStoredKey(key: string): string {
  return key.replace(/_/g, ' ');
}
