import type { ForgotInput, MessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ForgotInput };

export function forgot(input: ForgotInput): Promise<MessageReply> {
  return apiPost<MessageReply, ForgotInput>('/api/forgot', input);
}
