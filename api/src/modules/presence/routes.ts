// /api/opportunity/presence*: who else has an opportunity open (the same permission as reading it).
import { presenceSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { PresenceService } from './service';

export function registerPresenceRoutes(api: ApiRoutes, presence: PresenceService): void {
  api.post({
    path: '/api/opportunity/presence',
    access: 'organisation',
    requiresLicence: true,
    body: presenceSchema,
    handler: ({ organisation, input }) => presence.here(organisation, input.opportunityId),
  });

  api.post({
    path: '/api/opportunity/presence/leave',
    access: 'organisation',
    requiresLicence: true,
    body: presenceSchema,
    handler: ({ organisation, input }) => presence.leave(organisation, input.opportunityId),
  });
}
