import { apiPost } from '@app/platform';

/** Revokes every session of the user, this one included. */
export function logoutEverywhere(): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/account/logoutEverywhere');
}
