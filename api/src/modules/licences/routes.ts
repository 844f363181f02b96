// /api/stripe/getAllKey, /api/stripe/assignKey ({card-provider} = stripe, SPEC.md §7).
import { assignKeySchema } from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../../http/api-routes';
import type { LicencesService } from './service';

export function registerLicenceRoutes(api: ApiRoutes, licences: LicencesService): void {
  api.post({
    path: '/api/stripe/getAllKey',
    access: 'organisation',
    body: z.object({}),
    handler: ({ organisation }) => licences.keys(organisation),
  });

  api.post({
    path: '/api/stripe/assignKey',
    access: 'organisation',
    body: assignKeySchema,
    handler: ({ organisation, input }) => licences.assign(organisation, input.keyId, input.userId),
  });
}
