import type { BinRestoredReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type RestoreBinItemInput = { organisationId: string; binId: string };

/**
 * Puts an item back whole, or nothing: a 409 says in French what conflicts. Silent: the screen shows
 * that message next to the item rather than as a passing toast.
 */
export function restoreBinItem(input: RestoreBinItemInput): Promise<BinRestoredReply> {
  return apiPost<BinRestoredReply>('/api/bin/restore', input, { silent: true });
}
