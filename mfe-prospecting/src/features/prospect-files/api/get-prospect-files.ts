import type { ProspectFileRow } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetProspectFilesInput = { organisationId: string };

/** The ready files the caller may see in the organisation, most recent first. */
export function getProspectFiles(input: GetProspectFilesInput): Promise<{ value: ProspectFileRow[] }> {
  return apiPost<{ value: ProspectFileRow[] }>('/api/prospect/get/all', input);
}
