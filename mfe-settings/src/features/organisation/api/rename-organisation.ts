import { apiPost } from '@app/platform';

export type RenameOrganisationInput = { organisationId: string; name: string };

/** Renames the organisation (its owner only). */
export function renameOrganisation(input: RenameOrganisationInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/organisation/rename', input);
}
