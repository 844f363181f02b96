// /api/invitation/create, list, resend, revoke, /api/invitation/join/{id}.
import { invitationCreateSchema, invitationIdSchema } from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../../http/api-routes';
import type { InvitationsService } from './service';

export function registerInvitationRoutes(api: ApiRoutes, invitations: InvitationsService): void {
  api.post({
    path: '/api/invitation/create',
    access: 'organisation',
    body: invitationCreateSchema,
    handler: ({ organisation, input }) => invitations.create(organisation, input.invitationEmail),
  });

  api.post({
    path: '/api/invitation/list',
    access: 'organisation',
    body: z.object({}),
    handler: ({ organisation }) => invitations.list(organisation),
  });

  api.post({
    path: '/api/invitation/resend',
    access: 'organisation',
    body: invitationIdSchema,
    handler: ({ organisation, input }) => invitations.resend(organisation, input.invitationId),
  });

  api.post({
    path: '/api/invitation/revoke',
    access: 'organisation',
    body: invitationIdSchema,
    handler: ({ organisation, input }) => invitations.revoke(organisation, input.invitationId),
  });

  api.post({
    path: '/api/invitation/join/:id',
    access: 'session',
    body: z.object({}),
    handler: ({ session, params }) => invitations.join(session.userId, params.id ?? ''),
  });
}
