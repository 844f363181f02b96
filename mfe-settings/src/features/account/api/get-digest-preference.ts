import type { DigestPreferenceReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetDigestPreferenceInput = { organisationId: string };

/** Whether the caller receives the morning e-mail of the organisation, and at what hour. */
export function getDigestPreference(input: GetDigestPreferenceInput): Promise<DigestPreferenceReply> {
  return apiPost<DigestPreferenceReply>('/api/digest/preference/get', input);
}
