// /api/organisation/get, create, getUsers, rename, leave, exportData; /api/user/getRoles,
// changeRole, createRole, editRole, deleteRole, remove.
import {
  memberRemoveSchema,
  organisationCreateSchema,
  organisationRenameSchema,
  roleChangeSchema,
  roleCreateSchema,
  roleDeleteSchema,
  roleEditSchema,
} from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../../http/api-routes';
import type { DataExport } from './data-export';
import type { OrganisationsService } from './service';
import type { TeamService } from './team-service';

const empty = z.object({});

export function registerOrganisationRoutes(
  api: ApiRoutes,
  organisations: OrganisationsService,
  team: TeamService,
  dataExport: DataExport,
): void {
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
    path: '/api/organisation/rename',
    access: 'organisation',
    body: organisationRenameSchema,
    handler: ({ organisation, input }) => team.rename(organisation, input.name),
  });

  api.post({
    path: '/api/organisation/leave',
    access: 'organisation',
    body: empty,
    handler: ({ organisation }) => team.leave(organisation),
  });

  api.post({
    path: '/api/organisation/exportData',
    access: 'organisation',
    // Every prospect and opportunity: a member without a licence may not take them; the owner may.
    requiresLicence: 'members',
    body: empty,
    handler: ({ organisation }) => dataExport.files(organisation),
  });

  api.post({
    path: '/api/user/getRoles',
    access: 'organisation',
    body: empty,
    handler: async ({ organisation }) => ({ roles: await organisations.roles(organisation.organisationId) }),
  });

  api.post({
    path: '/api/user/changeRole',
    access: 'organisation',
    body: roleChangeSchema,
    handler: ({ organisation, input }) => team.changeRole(organisation, input),
  });

  api.post({
    path: '/api/user/createRole',
    access: 'organisation',
    body: roleCreateSchema,
    handler: ({ organisation, input }) => team.createRole(organisation, input),
  });

  api.post({
    path: '/api/user/editRole',
    access: 'organisation',
    body: roleEditSchema,
    handler: ({ organisation, input }) => team.editRole(organisation, input),
  });

  api.post({
    path: '/api/user/deleteRole',
    access: 'organisation',
    body: roleDeleteSchema,
    handler: ({ organisation, input }) => team.deleteRole(organisation, input.roleId),
  });

  api.post({
    path: '/api/user/remove',
    access: 'organisation',
    body: memberRemoveSchema,
    handler: ({ organisation, input }) => team.remove(organisation, input),
  });
}
