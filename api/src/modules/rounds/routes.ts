// /api/round/*: a member's saved rounds (tournées) in the organisation of the call, bit 16384.
import {
  createRoundSchema,
  geocodeStartSchema,
  listRoundsSchema,
  roundIdSchema,
  updateRoundSchema,
} from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { RoundsService } from './service';

export function registerRoundRoutes(api: ApiRoutes, rounds: RoundsService): void {
  api.post({
    path: '/api/round/settings',
    access: 'organisation',
    requiresLicence: true,
    body: listRoundsSchema,
    handler: async () => rounds.settings(),
  });
  api.post({
    path: '/api/round/list',
    access: 'organisation',
    requiresLicence: true,
    body: listRoundsSchema,
    handler: ({ organisation }) => rounds.list(organisation),
  });
  api.post({
    path: '/api/round/get',
    access: 'organisation',
    requiresLicence: true,
    body: roundIdSchema,
    handler: ({ organisation, input }) => rounds.get(organisation, input.roundId),
  });
  api.post({
    path: '/api/round/create',
    access: 'organisation',
    requiresLicence: true,
    body: createRoundSchema,
    handler: ({ organisation, input }) => rounds.create(organisation, input),
  });
  api.post({
    path: '/api/round/update',
    access: 'organisation',
    requiresLicence: true,
    body: updateRoundSchema,
    handler: ({ organisation, input }) => rounds.update(organisation, input.roundId, input),
  });
  api.post({
    path: '/api/round/delete',
    access: 'organisation',
    requiresLicence: true,
    body: roundIdSchema,
    handler: ({ organisation, input }) => rounds.remove(organisation, input.roundId),
  });
  api.post({
    path: '/api/round/geocode',
    access: 'organisation',
    requiresLicence: true,
    body: geocodeStartSchema,
    handler: ({ input }) => rounds.geocode(input.address),
  });
}
