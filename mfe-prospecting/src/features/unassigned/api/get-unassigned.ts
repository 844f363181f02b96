import { apiPost } from '@app/platform';
import type { UnassignedProspect } from '../types/unassigned-prospect';

export type GetUnassignedInput = { organisationId: string; offset: number; limit: number };

/** One page of the pool: prospects of visible files that nobody has taken yet, in file order. */
export function getUnassigned(
  input: GetUnassignedInput,
): Promise<{ value: UnassignedProspect[]; total: number }> {
  return apiPost<{ value: UnassignedProspect[]; total: number }>('/api/opportunity/unassigned', input);
}
