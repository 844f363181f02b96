import type { LoginInput, TokenReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { LoginInput };

export function login(input: LoginInput): Promise<TokenReply> {
  return apiPost<TokenReply, LoginInput>('/api/login', input);
}
