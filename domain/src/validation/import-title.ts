import { z } from '../zod';
import { choiceError, fieldError, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';

export const IMPORT_ACCESS_LEVELS = ['Tout le monde', 'Seulement moi'] as const;

export type ImportAccess = (typeof IMPORT_ACCESS_LEVELS)[number];

/** 'Seulement moi' makes the prospect file private to its creator (SPEC §6, isPrivate). */
export function isPrivateAccess(access: ImportAccess): boolean {
  return access === 'Seulement moi';
}

export const IMPORT_TITLE_MIN_LENGTH = 5;

/** The import's title rules, for the API's `name` (where there is no access field to check first). */
export const importTitleField = z
  .string({ error: fieldError('titre', MESSAGES.fillAllFields) })
  .trim()
  .min(1, MESSAGES.fillAllFields)
  .min(IMPORT_TITLE_MIN_LENGTH, MESSAGES.importTitleTooShort)
  .max(MAX_LENGTHS.title, MESSAGES.tooLong('titre', MAX_LENGTHS.title));

/**
 * Step 2 of the CSV import. Both fields are checked for emptiness before the title's length, as
 * the spec words it: "an empty title or access", then "a title shorter than 5 characters".
 */
export const importTitleSchema = z
  .object(
    {
      title: z
        .string({ error: fieldError('titre', MESSAGES.fillAllFields) })
        .trim()
        .min(1, MESSAGES.fillAllFields)
        .max(MAX_LENGTHS.title, MESSAGES.tooLong('titre', MAX_LENGTHS.title)),
      access: z.enum(IMPORT_ACCESS_LEVELS, { error: choiceError('accès', MESSAGES.fillAllFields) }),
    },
    OBJECT_ERROR,
  )
  .refine((value) => value.title.length >= IMPORT_TITLE_MIN_LENGTH, {
    message: MESSAGES.importTitleTooShort,
    path: ['title'],
  });

export type ImportTitleInput = z.input<typeof importTitleSchema>;
export type ImportTitleData = z.output<typeof importTitleSchema>;
