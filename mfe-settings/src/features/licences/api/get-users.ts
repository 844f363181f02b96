import { apiPost } from '@app/platform';
import type { LicenceHolder } from '../types/licence';

export type GetUsersInput = { organisationId: string };

/** The members a licence can be given to. */
export function getUsers(input: GetUsersInput): Promise<{ users: LicenceHolder[] }> {
  return apiPost<{ users: LicenceHolder[] }>('/api/organisation/getUsers', input);
}
