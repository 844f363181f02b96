// /api/notification/*: the caller's own notifications in the organisation of the call (any member
// holding a licence: the licence gate answers 269 otherwise). docs/decisions/notifications.md.
import { notificationIdSchema, notificationNothingSchema, notificationPageSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { NotificationsService } from './service';

const memberOf = (organisation: OrganisationAccess) => ({
  organisationId: organisation.organisationId,
  userId: organisation.userId,
});

export function registerNotificationRoutes(api: ApiRoutes, notifications: NotificationsService): void {
  api.post({
    path: '/api/notification/list',
    access: 'organisation',
    requiresLicence: true,
    body: notificationPageSchema,
    handler: ({ organisation, input }) =>
      notifications.page(memberOf(organisation), input.offset, input.limit),
  });
  api.post({
    path: '/api/notification/count',
    access: 'organisation',
    requiresLicence: true,
    body: notificationNothingSchema,
    handler: ({ organisation }) => notifications.count(memberOf(organisation)),
  });
  api.post({
    path: '/api/notification/read',
    access: 'organisation',
    requiresLicence: true,
    body: notificationIdSchema,
    handler: ({ organisation, input }) => notifications.read(memberOf(organisation), input.notificationId),
  });
  api.post({
    path: '/api/notification/readAll',
    access: 'organisation',
    requiresLicence: true,
    body: notificationNothingSchema,
    handler: ({ organisation }) => notifications.readAll(memberOf(organisation)),
  });
}
