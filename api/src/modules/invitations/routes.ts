// /api/invitation/create, /api/invitation/join/{id}.
import { invitationCreateSchema } from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../access/api-routes';
import type { InvitationsService } from './service';

export function registerInvitationRoutes(api: ApiRoutes, invitations: InvitationsService): void {
  api.post({
    path: '/api/invitation/create',
    access: 'organisation',
    body: invitationCreateSchema,
    handler: ({ organisation, input }) => invitations.create(organisation, input.invitationEmail),
  });

  api.post({
    path: '/api/invitation/join/:id',
    access: 'session',
    body: z.object({}),
    handler: ({ session, params }) => invitations.join(session.userId, params.id ?? ''),
  });
}
