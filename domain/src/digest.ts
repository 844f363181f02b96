// The morning e-mail (issue 20): a member's choice, per organisation, to receive it
// (docs/decisions/morning-digest.md).
import { z } from './zod';
import { OBJECT_ERROR } from './validation/fields';

export const DIGEST_MESSAGES = {
  enabledRequired: 'Veuillez indiquer si vous souhaitez recevoir l’e-mail du matin (oui ou non)',
  enabled: 'Vous recevrez l’e-mail du matin',
  disabled: 'Vous ne recevrez plus l’e-mail du matin',
} as const;

/** /api/digest/preference/get. */
export const digestPreferenceGetSchema = z.object({}, OBJECT_ERROR);

/** /api/digest/preference/set: on or off, nothing else. */
export const digestPreferenceSetSchema = z.object(
  { enabled: z.boolean({ error: DIGEST_MESSAGES.enabledRequired }) },
  OBJECT_ERROR,
);

export type DigestPreferenceInput = z.input<typeof digestPreferenceSetSchema>;

/** The caller's choice in the organisation of the call, and the hour (Europe/Paris) it is sent at. */
export type DigestPreferenceReply = { enabled: boolean; hour: number; message?: string };
