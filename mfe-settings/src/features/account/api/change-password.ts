import type { MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ChangePasswordInput = { currentPassword: string; password: string };

/** Sets a new password (sign-up rules) once the current one is confirmed. */
export function changePassword(input: ChangePasswordInput): Promise<MessageReply> {
  return apiPost<MessageReply>('/api/account/changePassword', input);
}
