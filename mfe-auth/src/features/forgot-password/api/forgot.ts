import type { ForgotInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ForgotInput };

export function forgot(input: ForgotInput): Promise<{ message: string }> {
  return apiPost<{ message: string }, ForgotInput>('/api/forgot', input);
}
