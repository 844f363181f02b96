// Behaviour of the HTTP edge: French errors, body limits, request ids, security headers, CORS.
import request from 'supertest';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('HTTP edge', () => {
  let t: TestApp;

  beforeAll(() => {
    t = createTestApp({
      env: {
        CORS_ORIGINS: 'https://billing.exemple.fr',
        REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json',
        CHAT_WIDGET: 'crisp',
        CHAT_WIDGET_ID: 'site-123',
      },
    });
  });
  afterAll(() => t.close());

  it('answers an unknown /api route with a French 404 and no stack', async () => {
    const res = await request(t.app).post('/api/nexiste/pas').send({});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Ressource introuvable', code: 'NOT_FOUND' });
    const get = await request(t.app).get('/api/login');
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('Ressource introuvable');
  });

  it('gzips an API answer for a client that accepts it, and sends it as is to one that does not', async () => {
    const zipped = await request(t.app).get('/api/openapi.json').set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.openapi).toBe('3.1.0');
    const plain = await request(t.app).get('/api/openapi.json').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(zipped.body);
    // Small answers are not worth it.
    const small = await request(t.app).get('/healthz').set('Accept-Encoding', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers malformed JSON with a French 400', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.fr",');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Requête invalide : JSON mal formé');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('answers a body over the limit with a French 413', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .send({ email: 'a@b.fr', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Requête trop volumineuse');
  });

  it('answers a JSON value that is not an object with a French 400', async () => {
    const res = await request(t.app).post('/api/login').send([1, 2]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Requête invalide');
  });

  it('reports a wrong type in French, never as a query', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .send({ email: { $gt: '' }, password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Valeur invalide pour le champ e-mail');
  });

  it('honours a sent x-request-id and generates one otherwise', async () => {
    const sent = await request(t.app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(sent.headers['x-request-id']).toBe('abc-123');
    const generated = await request(t.app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await request(t.app).get('/healthz').set('X-Request-Id', 'a b<script>');
    expect(unsafe.headers['x-request-id']).not.toBe('a b<script>');
  });

  it('sends helmet headers with a CSP that allows the remotes and the chat widget, not inline scripts', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain("'self'");
    expect(directive('script-src')).toContain('https://billing.exemple.fr');
    expect(directive('script-src')).toContain('https://client.crisp.chat');
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('connect-src')).toContain('https://billing.exemple.fr');
    expect(directive('style-src')).toContain("'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends exactly the headers helmet itself sends on a real request (computed once at start)', async () => {
    const express = (await import('express')).default;
    const helmet = (await import('helmet')).default;
    const { contentSecurityDirectives } = await import('../web/security');
    const reference = express();
    reference.disable('x-powered-by');
    reference.use(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(t.config) },
        crossOriginResourcePolicy: { policy: 'cross-origin' },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: false,
      }),
    );
    reference.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    const expected = (await request(reference).get('/healthz')).headers;
    const actual = (await request(t.app).get('/healthz')).headers;
    const helmetHeaders = Object.keys(expected).filter(
      (name) =>
        !['content-type', 'content-length', 'etag', 'date', 'connection', 'x-request-id'].includes(name),
    );
    expect(helmetHeaders.length).toBeGreaterThan(8);
    for (const name of helmetHeaders) expect([name, actual[name]]).toEqual([name, expected[name]]);
  });

  it('allows CORS on /api for listed origins only, preflight included', async () => {
    const preflight = await request(t.app)
      .options('/api/login')
      .set('Origin', 'https://billing.exemple.fr')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://billing.exemple.fr');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const listed = await request(t.app)
      .post('/api/verify')
      .set('Origin', 'https://billing.exemple.fr')
      .send({});
    expect(listed.headers['access-control-allow-origin']).toBe('https://billing.exemple.fr');

    const other = await request(t.app).post('/api/verify').set('Origin', 'https://evil.exemple.com').send({});
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('marks API replies as not cacheable', async () => {
    const res = await request(t.app).post('/api/verify').send({});
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('per-route body limit', () => {
  it('uses JSON_BODY_LIMIT as the default limit of /api routes', async () => {
    const t = createTestApp({ env: { JSON_BODY_LIMIT: '1kb' } });
    try {
      const res = await request(t.app)
        .post('/api/forgot')
        .send({ email: `${'a'.repeat(2000)}@b.fr` });
      expect(res.status).toBe(413);
    } finally {
      await t.close();
    }
  });
});
