import type { BinListReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type ListBinInput = { organisationId: string; offset: number; limit: number };

/** One page of the bin, newest first: only what the caller may restore. */
export function listBin(input: ListBinInput): Promise<BinListReply> {
  return apiPost<BinListReply>('/api/bin/list', input);
}
