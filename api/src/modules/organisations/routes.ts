// /api/organisation/get, /api/organisation/create, /api/organisation/getUsers, /api/user/getRoles.
import { organisationCreateSchema } from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../access/api-routes';
import type { OrganisationsService } from './service';

const empty = z.object({});

export function registerOrganisationRoutes(api: ApiRoutes, organisations: OrganisationsService): void {
  api.post({
    path: '/api/organisation/get',
    access: 'session',
    body: empty,
    handler: async ({ session }) => ({ organisations: await organisations.listFor(session.userId) }),
  });

  api.post({
    path: '/api/organisation/create',
    access: 'session',
    body: organisationCreateSchema,
    handler: async ({ session, input }) => ({
      organisation: await organisations.create(session.userId, input),
      message: 'Organisation créée',
    }),
  });

  api.post({
    path: '/api/organisation/getUsers',
    access: 'organisation',
    body: empty,
    handler: ({ organisation }) => organisations.users(organisation.organisationId),
  });

  api.post({
    path: '/api/user/getRoles',
    access: 'organisation',
    body: empty,
    handler: async ({ organisation }) => ({ roles: await organisations.roles(organisation.organisationId) }),
  });
}
