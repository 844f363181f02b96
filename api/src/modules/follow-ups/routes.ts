// /api/agenda/today: the caller's own follow-ups due today and overdue ("Aujourd'hui"), bit 128.
import { notificationNothingSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { AgendaReply } from '@app/domain';

export function registerFollowUpRoutes(
  api: ApiRoutes,
  today: (caller: { organisationId: string; userId: string }) => Promise<AgendaReply>,
): void {
  api.post({
    path: '/api/agenda/today',
    access: 'organisation',
    requiresLicence: true,
    body: notificationNothingSchema,
    handler: ({ organisation }) =>
      today({ organisationId: organisation.organisationId, userId: organisation.userId }),
  });
}
