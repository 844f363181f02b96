import { apiPost } from '@app/platform';
import type { Licence } from '../types/licence';

export type GetAllKeysInput = { organisationId: string };
/** `userId` is the caller: the licence they hold cannot be unassigned from here. */
export type GetAllKeysReply = { keys: Licence[]; userId: string };

/** The organisation's licence keys and who holds each. */
export function getAllKeys(input: GetAllKeysInput): Promise<GetAllKeysReply> {
  return apiPost<GetAllKeysReply>('/api/stripe/getAllKey', input);
}
