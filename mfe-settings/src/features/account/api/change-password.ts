import { apiPost } from '@app/platform';

export type ChangePasswordInput = { currentPassword: string; password: string };

/** Sets a new password (sign-up rules) once the current one is confirmed. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/account/changePassword', input);
}
