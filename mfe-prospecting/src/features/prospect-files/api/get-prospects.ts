import { apiPost } from '@app/platform';
import type { ProspectRow } from '../types/prospect-file';

export type GetProspectsInput = {
  organisationId: string;
  excelId: string;
  /** Accent- and case-insensitive substring, matched by the server. */
  search?: string;
  offset: number;
  limit: number;
};

/** One page of a file's rows in file order; `total` counts the rows matching the search. */
export function getProspects(input: GetProspectsInput): Promise<{ value: ProspectRow[]; total: number }> {
  return apiPost<{ value: ProspectRow[]; total: number }>('/api/prospect/get/value', input);
}
