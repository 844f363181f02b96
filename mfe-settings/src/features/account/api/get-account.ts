import { apiPost } from '@app/platform';

export type Account = { username: string; email: string };

/** The signed-in user's name and e-mail. */
export function getAccount(): Promise<Account> {
  return apiPost<Account>('/api/account/get');
}
