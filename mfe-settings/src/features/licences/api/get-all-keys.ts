import type { LicenceKeysReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetAllKeysInput = { organisationId: string };

/** The organisation's licence keys and who holds each; `userId` is the caller. */
export function getAllKeys(input: GetAllKeysInput): Promise<LicenceKeysReply> {
  return apiPost<LicenceKeysReply>('/api/stripe/getAllKey', input);
}
