import type { FastRegisterInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { FastRegisterInput };

export function fastRegister(input: FastRegisterInput): Promise<{ token: string }> {
  return apiPost<{ token: string }, FastRegisterInput>('/api/fastRegister', input);
}
