// One log line per request, with its id, status and duration; secrets in paths masked.
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLogger } from './request-logger';

function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level }, sink);
  const app = express();
  app.use(requestLogger(logger));
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/invitation/join/:id', (req, res) => {
    req.log.info('dans le handler');
    res.status(404).json({});
  });
  app.get('/ok', (_req, res) => res.json({}));
  // An event stream: open until its client goes (live-team.md).
  app.get('/api/live/events', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.flushHeaders();
    res.write('event: ready\ndata: {}\n\n');
  });
  return { app, lines };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('request logger', () => {
  it('writes one line per request with its id, status and duration, masking invitation ids', async () => {
    const { app, lines } = appLogging('info');
    const res = await request(app).get('/invitation/join/secret-token-123');
    await settle();
    const handlerLine = lines.find((line) => line.msg === 'dans le handler');
    const requestLine = lines.find((line) => line.msg === 'requête terminée');
    expect(handlerLine?.reqId).toBe(res.headers['x-request-id']);
    expect(requestLine).toMatchObject({
      level: 40,
      reqId: res.headers['x-request-id'],
      req: { method: 'GET', url: '/invitation/join/[masqué]' },
      res: { statusCode: 404 },
    });
    expect(typeof requestLine?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token-123');
  });

  it('masks the secret of a calendar feed address, keeping its selector', async () => {
    const { app, lines } = appLogging('info');
    const secret = 'S'.repeat(43);
    await request(app).get(`/api/calendar/feed/selecteur123456/${secret}.ics`);
    await settle();
    const requestLine = lines.find((line) => line.msg === 'requête terminée');
    expect(requestLine?.req).toMatchObject({ url: '/api/calendar/feed/selecteur123456/[masqué]' });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('masks a live stream’s ticket, and logs a stream its client closed as closed, not interrupted', async () => {
    const { app, lines } = appLogging('info');
    const ticket = 'T'.repeat(43);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/live/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    controller.abort();
    while (!lines.some((line) => line.msg === 'flux fermé')) await settle();
    expect(lines.find((line) => line.msg === 'flux fermé')).toMatchObject({
      level: 30,
      req: { url: '/api/live/events?ticket=[masqué]' },
    });
    expect(JSON.stringify(lines)).not.toContain(ticket);
    expect(lines.some((line) => line.msg === 'requête interrompue')).toBe(false);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('does not log health checks, nor successes below the configured level', async () => {
    const { app, lines } = appLogging('warn');
    await request(app).get('/healthz');
    await request(app).get('/ok');
    await settle();
    expect(lines).toEqual([]);
  });
});
