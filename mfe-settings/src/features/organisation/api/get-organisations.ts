import { apiPost, type OrganisationSummary } from '@app/platform';

/** The caller's organisations, to refresh the session store after a rename or a departure. */
export function getOrganisations(): Promise<{ organisations: OrganisationSummary[] }> {
  return apiPost<{ organisations: OrganisationSummary[] }>('/api/organisation/get');
}
