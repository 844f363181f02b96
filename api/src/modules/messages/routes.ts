// /api/messages/post: a status-tagged comment on an opportunity.
import { postMessageSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { MessagesService, OpportunityThreads } from './service';

export function registerMessageRoutes(
  api: ApiRoutes,
  messages: MessagesService,
  threads: OpportunityThreads,
): void {
  api.post({
    path: '/api/messages/post',
    access: 'organisation',
    requiresLicence: true,
    body: postMessageSchema,
    handler: ({ organisation, input }) => messages.post(organisation, threads, input),
  });
}
