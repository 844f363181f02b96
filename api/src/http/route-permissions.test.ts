// Walks the declared /api route table: every organisation-scoped route must declare its permission
// in route-permissions.ts, and the server must actually enforce it.
import { PERMISSIONS } from '@app/domain';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { seedMember } from '../test-support/organisations';
import { createTestApp, signUp, signUpWithOrganisation, type TestApp } from '../test-support/test-app';
import { ApiRoutes } from './api-routes';
import { errorHandler } from './error-handler';
import { everyMemberLicensed, type LicenceGate } from './organisation-access';
import { ROUTE_PERMISSIONS } from './route-permissions';

describe('route permission table', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  const table = () => t.app.locals.apiRoutes.routes;

  it('registers every /api route through the registry (nothing bypasses the access checks)', () => {
    const expressRoutes = t.app.locals.apiRoutes.expressRoutePaths;
    expect(expressRoutes.sort()).toEqual(
      table()
        .map((route) => route.path)
        .sort(),
    );
    expect(table().length).toBeGreaterThanOrEqual(14);
  });

  it('leaves the registered paths to the registry: no other router of the app answers one (they are dispatched before them)', () => {
    type Layer = { route?: { path: string }; handle?: { stack?: Layer[] } };
    const pathsOf = (stack: Layer[]): string[] =>
      stack.flatMap((layer) =>
        layer.route ? [layer.route.path] : layer.handle?.stack ? pathsOf(layer.handle.stack) : [],
      );
    const appRouter = (t.app as unknown as { router: { stack: Layer[] } }).router;
    const everyPath = pathsOf(appRouter.stack).map((path) => path.toLowerCase());
    const registered = new Set(table().map((route) => route.path.toLowerCase()));
    // Only the registry's own routes (those with parameters) may carry a registered path.
    const parameterised = table().filter((route) => route.path.includes(':')).length;
    expect(everyPath.filter((path) => registered.has(path))).toHaveLength(parameterised);
    expect(everyPath.length).toBeGreaterThan(parameterised); // the other routers were walked
  });

  it('finds a route whatever the case of its path and with a trailing slash, as Express does', async () => {
    const owner = await signUpWithOrganisation(t.app, 'Organisation Casse');
    for (const path of [
      '/api/organisation/getUsers',
      '/api/ORGANISATION/getusers',
      '/api/organisation/getUsers/',
    ]) {
      const res = await request(t.app).post(path).send(owner);
      expect([path, res.status, res.body.users?.length]).toEqual([path, 200, 1]);
    }
    expect((await request(t.app).get('/api/organisation/getUsers').send(owner)).status).toBe(404);
  });

  it('declares a permission for every organisation-scoped route', () => {
    const undeclared = table().filter(
      (route) => route.access === 'organisation' && route.permission === undefined,
    );
    expect(undeclared.map((route) => route.path)).toEqual([]);
  });

  it('leaves organisationId to the registry: no route schema reads it (it would skip the membership check)', () => {
    const misplaced = table().filter((route) => route.bodyKeys.includes('organisationId'));
    expect(misplaced.map((route) => route.path)).toEqual([]);
  });

  it('maps only to known permission bits', () => {
    const bits = new Set(PERMISSIONS.map((permission) => permission.bit));
    for (const rule of Object.values(ROUTE_PERMISSIONS)) {
      if (rule.kind === 'bit' || rule.kind === 'ownerOrBit') expect(bits.has(rule.bit)).toBe(true);
      if (rule.kind === 'anyOf') rule.bits.forEach((bit) => expect(bits.has(bit)).toBe(true));
    }
  });

  it('refuses non-members on every organisation-scoped route, and members lacking the bit where one is required', async () => {
    const owner = await signUpWithOrganisation(t.app, 'Organisation Walk');
    const outsider = await signUp(t.app);
    // A member whose role grants nothing.
    const powerless = await signUp(t.app);
    const users = t.store.collection<{ _id: string; email: string }>('users');
    const powerlessUser = await users.findOne({ email: powerless.email });
    await seedMember(t.store, owner.organisationId, powerlessUser?._id as string, 'Aucun droit', '0');

    // Leaving ends the powerless member's membership: walked last.
    const organisationRoutes = table()
      .filter((route) => route.access === 'organisation')
      .sort(
        (a, b) => Number(a.path === '/api/organisation/leave') - Number(b.path === '/api/organisation/leave'),
      );
    expect(organisationRoutes.length).toBeGreaterThan(0);
    for (const route of organisationRoutes) {
      const path = route.path.replace(/:(\w+)/g, 'x'.repeat(43));
      const asOutsider = await request(t.app)
        .post(path)
        .send({ token: outsider.token, organisationId: owner.organisationId });
      expect({ path, status: asOutsider.status, message: asOutsider.body.message }).toEqual({
        path,
        status: 403,
        message: 'Vous ne faites pas partie de cette organisation',
      });
      const asPowerless = await request(t.app)
        .post(path)
        .send({ token: powerless.token, organisationId: owner.organisationId });
      if (route.permission?.kind === 'member') {
        expect({ path, status: asPowerless.status }).not.toEqual({ path, status: 403 });
      } else {
        expect({ path, status: asPowerless.status }).toEqual({ path, status: 403 });
      }
    }
  });
});

function isolatedApi(licenceGate: LicenceGate = everyMemberLicensed): ApiRoutes {
  return new ApiRoutes({
    sessions: { resolve: async () => ({ sessionId: 's', userId: 'u' }) },
    organisationAccess: {
      resolveAccess: async (organisationId: string, userId: string) => ({
        organisationId,
        organisationName: 'Org',
        userId,
        isOwner: true,
        roleId: 'r',
        roleName: 'Administrateur',
        mask: 8388607,
        accessVersion: 0,
      }),
    },
    licenceGate,
    bodyLimit: '1mb',
    rateLimit: { windowMs: 60_000, maxPerIp: 100, maxPerEmail: 100 },
  });
}

function serve(api: ApiRoutes) {
  const app = express();
  app.use(api.router);
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

const caller = { token: 'A'.repeat(43), organisationId: 'a'.repeat(24) };

describe('an organisation route missing from the table', () => {
  it('refuses everyone (fails closed) and shows up as undeclared', async () => {
    const api = isolatedApi();
    api.post({
      path: '/api/test/undeclared',
      access: 'organisation',
      body: z.object({}),
      handler: async () => ({ secret: 'data' }),
    });
    expect(api.routes[0]?.permission).toBeUndefined();
    const res = await request(serve(api)).post('/api/test/undeclared').send(caller);
    expect(res.status).toBe(403);
    expect(res.body.secret).toBeUndefined();
  });
});

describe('licence gate', () => {
  it('guards every prospecting call (prospects, opportunities, messages, export, rounds, notifications, agenda, reports, bin) and leaves settings open but the data export and the audit log', () => {
    const t = createTestApp();
    const routes = t.app.locals.apiRoutes.routes;
    const prospecting = /^\/api\/(prospect|opportunity|messages|round|notification|agenda|report|bin)\//;
    expect(routes.filter((route) => prospecting.test(route.path) && !route.requiresLicence)).toEqual([]);
    expect(
      routes.filter((route) => !prospecting.test(route.path) && route.requiresLicence).map((r) => r.path),
    ).toEqual(['/api/organisation/exportData', '/api/audit/list', '/api/audit/export']);
    // The data export and the audit log hold prospects: members need a licence, the owner does not.
    for (const path of ['/api/organisation/exportData', '/api/audit/list', '/api/audit/export'])
      expect([path, routes.find((route) => route.path === path)?.requiresLicence]).toEqual([path, 'members']);
    return t.close();
  });
});

describe('licence hook', () => {
  it('redirects with 269 when a route requires a licence the gate refuses, and leaves other routes alone', async () => {
    const seen: string[] = [];
    const api = isolatedApi(async (access) => {
      seen.push(access.organisationId);
      return '/dashboard/nosub';
    });
    api.post({
      path: '/api/organisation/getUsers',
      access: 'organisation',
      body: z.object({}),
      requiresLicence: true,
      handler: async () => ({ users: ['secret'] }),
    });
    api.post({
      path: '/api/user/getRoles',
      access: 'organisation',
      body: z.object({}),
      handler: async () => ({ roles: [] }),
    });
    const app = serve(api);
    const gated = await request(app).post('/api/organisation/getUsers').send(caller);
    expect(gated.status).toBe(269);
    expect(gated.body).toEqual({ redirect: '/dashboard/nosub' });
    expect(seen).toEqual([caller.organisationId]);
    const free = await request(app).post('/api/user/getRoles').send(caller);
    expect(free.status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});
