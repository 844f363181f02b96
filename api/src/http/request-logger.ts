// One structured line per request (pino), with a request id echoed in X-Request-Id. It replaces
// pino-http, whose per-request child logger and serializers cost more than the rest of a simple
// authenticated call (docs/decisions/request-path.md): here the child logger is made only when a
// handler logs something, and the line is built only when its level is enabled.
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';

declare module 'http' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface IncomingMessage {
    id: string;
    /** A child logger carrying the request id, made on first use. */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz']);

function levelOf(statusCode: number, failed: boolean): Level {
  if (failed || statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/** Invitation ids, calendar feed secrets and live tickets in addresses are secrets: never logged. */
function loggableUrl(url: string): string {
  return url
    .replace(/\/invitation\/join\/[^/?]+/, '/invitation/join/[masqué]')
    .replace(/\/calendar\/feed\/([^/?]+)\/[^/?]+/, '/calendar/feed/$1/[masqué]')
    .replace(/([?&]ticket=)[^&]+/, '$1[masqué]');
}

/** An event stream (live-team.md) ends when its client goes: closed by the client, not interrupted. */
const isEventStream = (contentType: unknown) => String(contentType ?? '').startsWith('text/event-stream');

/** What `req.log` is made from, on first use: set per request, read by the getter below. */
const LOGGER = Symbol('logger');
const CHILD = Symbol('child logger');
type LoggedRequest = IncomingMessage & { [LOGGER]?: Logger; [CHILD]?: Logger };

// One getter on the prototype instead of a property defined on every request.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest): Logger | undefined {
    const logger = this[LOGGER];
    if (!logger) return undefined;
    return (this[CHILD] ??= logger.child({ reqId: this.id }));
  },
});

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const sent = req.headers['x-request-id'];
    const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    (req as LoggedRequest)[LOGGER] = logger;
    if (QUIET_PATHS.has(req.url)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const stream = isEventStream(res.getHeader('Content-Type'));
      const failed = !res.writableFinished && !stream;
      const level = levelOf(res.statusCode, failed);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          req: {
            method: req.method,
            url: loggableUrl(req.originalUrl),
            remoteAddress: req.socket.remoteAddress,
          },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        failed ? 'requête interrompue' : stream ? 'flux fermé' : 'requête terminée',
      );
    });
    next();
  };
}
