import type { ResetPasswordInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { ResetPasswordInput };

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiPost<{ message: string }, ResetPasswordInput>('/api/resetPass', input);
}
