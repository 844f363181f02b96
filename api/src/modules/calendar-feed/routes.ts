// /api/calendar/*: the account page's calls through the route registry (any member holding
// "Voir les prospects", in the organisation of the call), and the feed itself, a GET outside the
// registry: a calendar application sends no session, the secret in the path is the credential.
import { CALENDAR_FEED_MESSAGES, calendarFeedSchema } from '@app/domain';
import { type Request, type Response, Router } from 'express';
import type { ApiRoutes } from '../../http/api-routes';
import { AppError } from '../../http/app-error';
import type { RateLimitCounters } from '../../http/rate-limit';
import { STAMP_MARK } from './feed-calendar';
import { utcDateTime } from './ics';
import type { CalendarFeedService } from './service';

/** Fixed window of the feed's limits. */
export const FEED_WINDOW_MS = 15 * 60 * 1000;
/** Reads of one feed per window: a calendar application reads it every 5 minutes at the most often. */
export const FEED_MAX_PER_WINDOW = 30;
/** Reads of any feed from one address per window: high, as Google's and Microsoft's readers share addresses. */
export const FEED_MAX_PER_IP = 600;
/** How long a calendar application may keep an answer before asking again. */
export const FEED_MAX_AGE_S = 300;

const FEED_FILE = /^(.+)\.ics$/;

export function registerCalendarFeedRoutes(api: ApiRoutes, feeds: CalendarFeedService): void {
  api.post({
    path: '/api/calendar/get',
    access: 'organisation',
    body: calendarFeedSchema,
    handler: ({ organisation }) => feeds.status(organisation),
  });
  api.post({
    path: '/api/calendar/create',
    access: 'organisation',
    body: calendarFeedSchema,
    handler: ({ organisation }) => feeds.create(organisation),
  });
  api.post({
    path: '/api/calendar/regenerate',
    access: 'organisation',
    body: calendarFeedSchema,
    handler: ({ organisation }) => feeds.regenerate(organisation),
  });
}

function tooMany(res: Response, resetAt: number, now: number): AppError {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
  return new AppError(429, CALENDAR_FEED_MESSAGES.tooMany, 'RATE_LIMITED');
}

/** GET (and HEAD) /api/calendar/feed/<selector>/<secret>.ics: text/calendar, or 404 in French. */
const MARK = Buffer.from(STAMP_MARK, 'utf8');

/** Writes the DTSTAMP value over each mark, in place (the same length: 16 ASCII octets). */
function writeStamps(body: Buffer, stamp: string): void {
  const value = Buffer.from(stamp, 'ascii');
  for (let at = body.indexOf(MARK); at !== -1; at = body.indexOf(MARK, at + MARK.length))
    value.copy(body, at);
}

export function feedRouter(
  feeds: CalendarFeedService,
  counters: RateLimitCounters,
  clock: { now: () => number; wallClock: () => number },
): Router {
  const router = Router();
  router.get('/api/calendar/feed/:selector/:file', async (req: Request, res) => {
    const wall = clock.wallClock();
    const byIp = await counters.hit(`/api/calendar/feed ip ${req.ip ?? ''}`, FEED_WINDOW_MS);
    if (byIp.hits > FEED_MAX_PER_IP) throw tooMany(res, byIp.resetAt, wall);
    const selector = String(req.params.selector);
    const secret = FEED_FILE.exec(String(req.params.file))?.[1] ?? '';
    const feed = await feeds.render(selector, secret);
    if (!feed) throw AppError.notFound(CALENDAR_FEED_MESSAGES.notFound);
    const byFeed = await counters.hit(`/api/calendar/feed ${selector}`, FEED_WINDOW_MS);
    if (byFeed.hits > FEED_MAX_PER_WINDOW) throw tooMany(res, byFeed.resetAt, wall);

    const { etag } = feed;
    res.setHeader('Cache-Control', `private, max-age=${FEED_MAX_AGE_S}`);
    res.setHeader('ETag', etag);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    // A copy: the kept text keeps its marks for the next read.
    const body = Buffer.from(feed.body);
    writeStamps(body, utcDateTime(clock.now()));
    res.status(200);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="relances.ics"');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return router;
}
