// The contract module teams build against: the OpenAPI document walks the route table, so a route
// registered without a schema in it fails here; the document is checked against the official
// OpenAPI 3.1 schema; the page and the JSON are served without a session, cached.
import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import request from 'supertest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { RegisteredRoute } from './api-routes';
import { buildOpenApiDocument, OPENAPI_VERSION, OpenApiSchemaError, type OpenApiDocument } from './openapi';

/** Runs the maintained validator (ESM only) in its own Node process, as its CLI would. */
function validateWithOfficialSchema(document: OpenApiDocument): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: __dirname,
    encoding: 'utf8',
  });
  return JSON.parse(output) as { valid: boolean; errors?: unknown };
}

function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') into.push(inner);
      else refsIn(inner, into);
    }
  }
  return into;
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      document,
    );
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let routes: readonly RegisteredRoute[];
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = createTestApp();
    routes = t.app.locals.apiRoutes.routes;
    const reply = await request(t.app).get('/api/openapi.json').expect(200);
    document = reply.body as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1.0 document the official schema accepts', () => {
    expect(document.openapi).toBe(OPENAPI_VERSION);
    expect(document.openapi).toBe('3.1.0');
    const result = validateWithOfficialSchema(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has one POST operation per route of the table, and nothing else', () => {
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(document.paths).sort()).toEqual(routes.map((route) => openApiPath(route.path)).sort());
    for (const item of Object.values(document.paths)) expect(Object.keys(item)).toEqual(['post']);
  });

  it('describes every route with the JSON Schema of the zod schema it validates with', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const schema = document.paths[openApiPath(route.path)]?.post.requestBody.content['application/json']
        .schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      const own = z.toJSONSchema(route.body, { io: 'input' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      if (!schema || !own.properties) {
        missing.push(route.path);
        continue;
      }
      for (const [field, fieldSchema] of Object.entries(own.properties)) {
        if (JSON.stringify(schema.properties?.[field]) !== JSON.stringify(fieldSchema))
          missing.push(`${route.path} ${field}`);
      }
      for (const field of own.required ?? [])
        if (!schema.required?.includes(field)) missing.push(`${route.path} ${field} requis`);
    }
    expect(missing).toEqual([]);
  });

  it('asks organisation routes for organisationId and a session, public routes for neither', () => {
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.path)]!.post;
      const body = operation.requestBody.content['application/json'].schema as {
        properties: Record<string, { pattern?: string }>;
        required?: string[];
      };
      expect(operation['x-access']).toBe(route.access);
      if (route.access === 'public') {
        expect(operation.security).toEqual([]);
        expect(operation.responses['401']).toBeUndefined();
      } else {
        expect(operation.security).toEqual([{ session: [] }]);
        expect(operation.responses['401']).toBeDefined();
      }
      if (route.access === 'organisation') {
        expect(body.required).toContain('organisationId');
        expect(body.properties.organisationId?.pattern).toBe('^[0-9a-f]{24}$');
        expect(operation['x-permission']?.kind).toBe(route.permission?.kind);
        expect(operation.responses['403']).toBeDefined();
      }
      expect(operation['x-requires-licence']).toBe(route.requiresLicence);
      expect(operation.responses['269'] !== undefined).toBe(route.requiresLicence !== false);
      expect(operation.responses['429'] !== undefined).toBe(route.rateLimited);
    }
  });

  it('names the permission bit with its French label', () => {
    const setTodo = document.paths['/api/opportunity/setTodo']!.post;
    expect(setTodo['x-permission']).toEqual({ kind: 'bit', bit: 4096, labels: ["Changer l'état (4096)"] });
    expect(setTodo.description).toContain("Permission requise : Changer l'état (4096).");
    expect(document.paths['/api/invitation/join/{id}']!.post.parameters?.[0]).toEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    });
  });

  it('documents the optional Idempotency-Key header on every call with a session, not on public ones', () => {
    const header = (path: string) =>
      document.paths[path]!.post.parameters?.find((parameter) => parameter.name === 'Idempotency-Key');
    expect(header('/api/opportunity/setWaiting')).toMatchObject({ in: 'header', required: false });
    expect(header('/api/messages/post')).toBeDefined();
    expect(header('/api/login')).toBeUndefined();
  });

  it('gives the reply envelope of DESIGN.md: French messages, { message, code }, 269 { redirect }', () => {
    const login = document.paths['/api/login']!.post;
    const tooMany = resolvePointer(document, (login.responses['429'] as { $ref: string }).$ref) as {
      content: { 'application/json': { example: { message: string } } };
    };
    expect(tooMany.content['application/json'].example.message).toBe(
      'Trop de tentatives, veuillez réessayer dans quelques minutes',
    );
    expect(document.components.schemas.Erreur).toMatchObject({ required: ['message', 'code'] });
    expect(document.components.schemas.Redirection).toMatchObject({ required: ['redirect'] });
  });

  it('resolves every $ref inside the document', () => {
    const unresolved = refsIn(document).filter((ref) => resolvePointer(document, ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('refuses to build when a route declares a body JSON Schema cannot express, naming the route', () => {
    const route: RegisteredRoute = {
      method: 'POST',
      path: '/api/module/nouveau',
      access: 'session',
      permission: undefined,
      body: z.object({ quand: z.custom<Date>((value) => value instanceof Date) }),
      bodyKeys: ['quand'],
      rateLimited: false,
      requiresLicence: false,
    };
    expect(() => buildOpenApiDocument([route], { version: '1', serverUrl: 'http://app.test' })).toThrow(
      OpenApiSchemaError,
    );
    expect(() => buildOpenApiDocument([route], { version: '1', serverUrl: 'http://app.test' })).toThrow(
      /\/api\/module\/nouveau/,
    );
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  it('serves the document without a session, cacheable, and answers 304 to a known ETag', async () => {
    const first = await request(t.app).get('/api/openapi.json').expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.etag).toBeDefined();
    await request(t.app)
      .get('/api/openapi.json')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it('renders a page listing every route with its body schema, with no script, under the CSP', async () => {
    const page = await request(t.app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!app\.test)[^"<\s]+\.(js|css)/);
    for (const route of t.app.locals.apiRoutes.routes)
      expect(page.text).toContain(`<code>${route.path.replace(/:(\w+)/g, '{$1}')}</code>`);
    expect(page.text).toContain('&quot;organisationId&quot;');
    expect(page.text).toContain('Changer l&#39;état (4096)');
  });
});
