import type { AccountReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type Account = AccountReply;

/** The signed-in user's name and e-mail. */
export function getAccount(): Promise<Account> {
  return apiPost<Account>('/api/account/get');
}
