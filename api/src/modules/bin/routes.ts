// The bin's calls (docs/decisions/bin.md): the spec's /api/prospect/delete (now to the bin), one
// prospect's and one opportunity's deletion, "Annuler l'import", the bin's list and restoration.
import {
  binIdSchema,
  binListSchema,
  excelIdSchema,
  opportunityIdSchema,
  prospectIdSchema,
} from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { Actor } from '../messages/module';
import type { BinService } from './service';

const actorOf = (access: OrganisationAccess): Actor => ({
  organisationId: access.organisationId,
  userId: access.userId,
  mask: access.mask,
});

export function registerBinRoutes(api: ApiRoutes, bin: BinService): void {
  api.post({
    path: '/api/prospect/delete',
    access: 'organisation',
    requiresLicence: true,
    body: excelIdSchema,
    handler: ({ organisation, input }) => bin.deleteFile(actorOf(organisation), input.excelId),
  });

  api.post({
    path: '/api/prospect/undoImport',
    access: 'organisation',
    requiresLicence: true,
    body: excelIdSchema,
    handler: ({ organisation, input }) => bin.undoImport(actorOf(organisation), input.excelId),
  });

  api.post({
    path: '/api/prospect/deleteOne',
    access: 'organisation',
    requiresLicence: true,
    body: prospectIdSchema,
    handler: ({ organisation, input }) => bin.deleteProspect(actorOf(organisation), input.prospectId),
  });

  api.post({
    path: '/api/opportunity/delete',
    access: 'organisation',
    requiresLicence: true,
    body: opportunityIdSchema,
    handler: ({ organisation, input }) => bin.deleteOpportunity(actorOf(organisation), input.opportunityId),
  });

  api.post({
    path: '/api/bin/list',
    access: 'organisation',
    requiresLicence: true,
    body: binListSchema,
    handler: ({ organisation, input }) => bin.list(actorOf(organisation), input.offset, input.limit),
  });

  api.post({
    path: '/api/bin/restore',
    access: 'organisation',
    requiresLicence: true,
    body: binIdSchema,
    handler: ({ organisation, input }) => bin.restore(actorOf(organisation), input.binId),
  });
}
