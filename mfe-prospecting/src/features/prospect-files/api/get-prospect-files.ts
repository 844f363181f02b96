import type { ProspectFilesReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetProspectFilesInput = { organisationId: string };

/** The ready files the caller may see in the organisation, most recent first. */
export function getProspectFiles(input: GetProspectFilesInput): Promise<ProspectFilesReply> {
  return apiPost<ProspectFilesReply>('/api/prospect/get/all', input);
}
