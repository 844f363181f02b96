import type { VerifyResetTokenInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type { VerifyResetTokenInput };

/** Silent: an invalid token only sends the visitor back to /login (SPEC.md §8). */
export function verifyResetToken(input: VerifyResetTokenInput): Promise<unknown> {
  return apiPost<unknown, VerifyResetTokenInput>('/api/verifyResetToken', input, { silent: true });
}
