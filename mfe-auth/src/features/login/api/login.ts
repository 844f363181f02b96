import type { LoginInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { LoginInput };

export function login(input: LoginInput): Promise<{ token: string }> {
  return apiPost<{ token: string }, LoginInput>('/api/login', input);
}
