// /api/opportunity/create (the other opportunity calls come with issue 9).
import { prospectIdSchema } from '@app/domain';
import type { ApiRoutes } from '../access/api-routes';
import type { OpportunitiesService } from './service';

export function registerOpportunityRoutes(api: ApiRoutes, opportunities: OpportunitiesService): void {
  api.post({
    path: '/api/opportunity/create',
    access: 'organisation',
    body: prospectIdSchema,
    handler: ({ organisation, input }) =>
      opportunities.createFromProspect(
        { organisationId: organisation.organisationId, userId: organisation.userId },
        input.prospectId,
      ),
  });
}
