import type { RegisterInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { RegisterInput };

export function register(input: RegisterInput): Promise<{ token: string }> {
  return apiPost<{ token: string }, RegisterInput>('/api/register', input);
}
