// Optimistic concurrency on the calls that edit a prospect or an opportunity (issue 23): the client
// may send the `version` it loaded; a stale one changes nothing and answers 409 with the current
// document. Without it the call behaves as the spec says. docs/decisions/edit-conflicts.md.
import { z } from '../zod';

export const EDIT_VERSION_MESSAGES = {
  invalid: 'Version invalide : un entier positif ou nul est attendu',
  staleOpportunity:
    'Cette opportunité a été modifiée par quelqu’un d’autre depuis que vous l’avez ouverte : choisissez la version à garder',
  staleProspect:
    'Ce prospect a été modifié par quelqu’un d’autre depuis que vous l’avez ouvert : choisissez la version à garder',
} as const;

/** The `code` of a 409 for a stale version (the reply also carries the current document). */
export const STALE_VERSION_CODE = 'STALE_VERSION';

/** The version a document had when the client read it; absent on documents never versioned (= 0). */
export const editVersionField = z
  .number({ error: EDIT_VERSION_MESSAGES.invalid })
  .int(EDIT_VERSION_MESSAGES.invalid)
  .min(0, EDIT_VERSION_MESSAGES.invalid)
  .max(Number.MAX_SAFE_INTEGER, EDIT_VERSION_MESSAGES.invalid)
  .optional()
  .describe(
    'Version lue par le client (facultative) : si le document a changé depuis, rien n’est modifié et la réponse est 409 avec le document actuel.',
  );

/** A stored document's version: absent (written before versions existed) counts as 0. */
export const versionOf = (doc: { version?: number }): number => doc.version ?? 0;
