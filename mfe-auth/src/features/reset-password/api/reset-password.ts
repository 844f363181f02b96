import type { MessageReply, ResetPasswordInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ResetPasswordInput };

export function resetPassword(input: ResetPasswordInput): Promise<MessageReply> {
  return apiPost<MessageReply, ResetPasswordInput>('/api/resetPass', input);
}
