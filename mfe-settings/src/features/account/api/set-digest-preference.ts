import type { DigestPreferenceInput, DigestPreferenceReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetDigestPreferenceInput = DigestPreferenceInput & { organisationId: string };

/** Turns the caller's morning e-mail of the organisation on or off. */
export function setDigestPreference(input: SetDigestPreferenceInput): Promise<DigestPreferenceReply> {
  return apiPost<DigestPreferenceReply>('/api/digest/preference/set', input);
}
