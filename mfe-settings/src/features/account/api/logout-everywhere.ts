import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

/** Revokes every session of the user, this one included. */
export function logoutEverywhere(): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/account/logoutEverywhere');
}
