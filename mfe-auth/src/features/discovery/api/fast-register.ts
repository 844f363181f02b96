import type { FastRegisterInput, TokenReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type { FastRegisterInput };

export function fastRegister(input: FastRegisterInput): Promise<TokenReply> {
  return apiPost<TokenReply, FastRegisterInput>('/api/fastRegister', input);
}
