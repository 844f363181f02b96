// /api/live/*: the ticket through the route registry (a member holding "Voir les prospects", in the
// organisation of the call), and the stream itself, a GET outside the registry: an EventSource sends
// no body and no header, the single-use ticket in the address is the credential.
import { liveTicketSchema } from '@app/domain';
import { type Request, Router } from 'express';
import type { ApiRoutes } from '../../http/api-routes';
import type { LiveService } from './service';

export function registerLiveRoutes(api: ApiRoutes, live: LiveService): void {
  api.post({
    path: '/api/live/ticket',
    access: 'organisation',
    body: liveTicketSchema,
    handler: ({ organisation }) => live.issueTicket(organisation),
  });
}

const queryText = (req: Request, name: string): string | undefined => {
  const value: unknown = req.query[name];
  return typeof value === 'string' ? value : undefined;
};

/** GET /api/live/events?ticket=…[&lastEventId=…]: text/event-stream, or a French 400/401/403. */
export function liveRouter(live: LiveService): Router {
  const router = Router();
  router.get('/api/live/events', async (req, res) => {
    // The browser's own reconnection sends the header; ours (with a new ticket) the parameter.
    const lastEventId = req.get('Last-Event-ID') ?? queryText(req, 'lastEventId');
    await live.openStream(queryText(req, 'ticket'), lastEventId, res);
  });
  return router;
}
