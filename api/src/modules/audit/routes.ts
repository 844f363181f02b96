// /api/audit/*: the organisation's audit log, bit 524288 "Voir l'historique" (route-permissions.ts).
// Read-only: no call changes or removes a record.
import { auditExportSchema, auditListSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { AuditService } from './service';

export function registerAuditRoutes(api: ApiRoutes, audit: AuditService): void {
  api.post({
    path: '/api/audit/list',
    access: 'organisation',
    // Prospects' names and values: as the data export, members need a licence, the owner does not.
    requiresLicence: 'members',
    body: auditListSchema,
    handler: ({ organisation, input }) => audit.page({ organisationId: organisation.organisationId }, input),
  });
  api.post({
    path: '/api/audit/export',
    access: 'organisation',
    // Prospects' names and values: as the data export, members need a licence, the owner does not.
    requiresLicence: 'members',
    body: auditExportSchema,
    handler: ({ organisation, input }) =>
      audit.export({ organisationId: organisation.organisationId }, input),
  });
}
