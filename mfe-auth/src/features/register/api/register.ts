import type { RegisterInput, TokenReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { RegisterInput };

export function register(input: RegisterInput): Promise<TokenReply> {
  return apiPost<TokenReply, RegisterInput>('/api/register', input);
}
