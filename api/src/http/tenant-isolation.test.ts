// Walks every organisation-scoped route of the table as a member of organisation B, putting in each
// id field the id of an organisation A object of that kind (a file, a prospect, an opportunity, a
// status, a role, a member, a licence, an invitation, an import): the answer must be exactly the
// answer to an unknown id, and A's data must be unchanged afterwards. A route added tomorrow, with an
// id field, is swept too. Limit: the other id fields of the call are unknown ids, so where a route
// looks one up first (changeRole's user before its role), the probed field is not reached.
// Within A, a colleague holding every right gets the same answer about the owner's private file and
// its prospects as about unknown ids. Non-members and members lacking a route's bit: route-permissions.test.ts.
import request from 'supertest';
import { newId } from '../db/ids';
import { kit } from '../test-support/prospects-test-kit';
import { createTestApp, signUpWithOrganisation, type TestApp } from '../test-support/test-app';

type Member = { token: string; organisationId: string };

/** A plausible value for every body field that is not an id, so requests reach their lookups. */
const FILLERS: Record<string, unknown> = {
  binaryValue: '128',
  code: '',
  columns: ['Raison sociale'],
  data: {},
  date: Date.now() + 24 * 60 * 60 * 1000,
  duplicates: 'keep',
  enabled: false,
  startId: 0,
  endId: 500,
  exel: [{ 'Raison sociale': 'Société Test' }],
  filter: { state: 'all' },
  invitationEmail: 'nouvelle.personne@exemple.fr',
  isPrivate: false,
  limit: 10,
  message: 'Bonjour',
  name: 'Fichier de test',
  numberLicence: 1,
  offset: 0,
  period: 'month',
  product: 'demo_2_monthly',
  roleName: 'Rôle de test',
  rows: [{ 'Raison sociale': 'Société Test' }],
  search: '',
  start: { label: 'Départ', lat: 48.86, lng: 2.34 },
  stops: [{ opportunityId: newId(), name: 'Étape', address: '', lat: 48.85, lng: 2.35 }],
  totalRows: 1,
  value: { prospect: 'Raison sociale' },
};

describe('tenant isolation on every organisation-scoped route', () => {
  let t: TestApp;
  let alpha: Member;
  let beta: Member;
  const alphaIds: Record<string, string> = {};
  /** A file alpha's owner keeps private, and one of its prospects. */
  const privateIds: Record<string, string> = {};
  let colleague: Member;

  const post = (path: string, body: object) => request(t.app).post(path).send(body);

  async function ok<T>(path: string, body: object): Promise<T> {
    const res = await post(path, body);
    if (res.status !== 200) throw new Error(`${path} ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  /** What organisation A's own members see: must not change while B probes it. */
  async function alphaState(): Promise<string> {
    const calls = [
      '/api/prospect/get/all',
      '/api/opportunity/getAllCount',
      '/api/organisation/getUsers',
      '/api/user/getRoles',
      '/api/stripe/getAllKey',
      '/api/invitation/list',
      '/api/round/list',
      '/api/notification/list',
      '/api/digest/preference/get',
      '/api/calendar/get',
      '/api/bin/list',
      '/api/audit/list',
    ];
    const replies = await Promise.all(calls.map((path) => ok<unknown>(path, alpha)));
    const file = await ok<unknown>('/api/prospect/get/value', { ...alpha, excelId: alphaIds.excelId });
    const opportunity = await ok<unknown>('/api/opportunity/get', {
      ...alpha,
      opportunityId: alphaIds.opportunityId,
    });
    // Who A's owner sees on the opportunity: a probe of B must never show up there.
    const presence = await ok<unknown>('/api/opportunity/presence', {
      ...alpha,
      opportunityId: alphaIds.opportunityId,
    });
    return JSON.stringify([replies, file, opportunity, presence]);
  }

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    alpha = await signUpWithOrganisation(t.app, 'Organisation Alpha');
    beta = await signUpWithOrganisation(t.app, 'Organisation Beta');

    const { excelId } = await ok<{ excelId: string }>('/api/prospect/load', {
      ...alpha,
      name: 'Fichier Alpha',
      isPrivate: false,
      value: { prospect: 'Raison sociale' },
      exel: [{ 'Raison sociale': 'Société Une' }, { 'Raison sociale': 'Société Deux' }],
    });
    const page = await ok<{ value: { _id: string }[] }>('/api/prospect/get/value', { ...alpha, excelId });
    const { opportunityId } = await ok<{ opportunityId: string }>('/api/opportunity/create', {
      ...alpha,
      prospectId: page.value[0]?._id,
    });
    const { status } = await ok<{ status: { _id: string }[] }>('/api/opportunity/status', alpha);
    const { role } = await ok<{ role: { _id: string } }>('/api/user/createRole', {
      ...alpha,
      roleName: 'Rôle Alpha',
      binaryValue: '128',
    });
    const users = await ok<{ users: { _id: string }[] }>('/api/organisation/getUsers', alpha);
    const keys = await ok<{ keys: { _id: string }[] }>('/api/stripe/getAllKey', alpha);
    await ok('/api/invitation/create', { ...alpha, invitationEmail: 'invite.alpha@exemple.fr' });
    const invitations = await ok<{ invitations: { _id: string }[] }>('/api/invitation/list', alpha);
    const { importId } = await ok<{ importId: string }>('/api/prospect/import/start', {
      ...alpha,
      name: 'Import Alpha',
      isPrivate: false,
      value: { prospect: 'Raison sociale' },
      columns: ['Raison sociale'],
      totalRows: 10,
      duplicates: 'keep',
    });
    // A file of alpha's in the bin, and a private one (issue 23).
    const binned = async (name: string, isPrivate: boolean) => {
      const file = await ok<{ excelId: string }>('/api/prospect/load', {
        ...alpha,
        name,
        isPrivate,
        value: { prospect: 'Raison sociale' },
        exel: [{ 'Raison sociale': `Société ${name}` }],
      });
      await ok('/api/prospect/delete', { ...alpha, excelId: file.excelId });
      const bin = await ok<{ value: { _id: string }[] }>('/api/bin/list', alpha);
      return bin.value[0]?._id as string;
    };
    const binId = await binned('Corbeille Alpha', false);
    privateIds.binId = await binned('Corbeille privée Alpha', true);
    // Alpha's calendar address: B's probes must leave it as it is (alphaState reads calendar/get).
    await ok('/api/calendar/create', alpha);
    const { round } = await ok<{ round: { _id: string } }>('/api/round/create', {
      ...alpha,
      name: 'Tournée Alpha',
      start: FILLERS.start,
      stops: [{ opportunityId, name: 'Société Une', address: '', lat: 48.85, lng: 2.35 }],
    });
    const mine = await ok<{ excelId: string }>('/api/prospect/load', {
      ...alpha,
      name: 'Fichier privé Alpha',
      isPrivate: true,
      value: { prospect: 'Raison sociale' },
      exel: [{ 'Raison sociale': 'Société Privée' }],
    });
    const minePage = await ok<{ value: { _id: string }[] }>('/api/prospect/get/value', {
      ...alpha,
      excelId: mine.excelId,
    });
    Object.assign(privateIds, { excelId: mine.excelId, prospectId: minePage.value[0]?._id });
    // Alpha's owner was told of the imports above.
    const notifications = await ok<{ notifications: { _id: string }[] }>('/api/notification/list', alpha);
    // A colleague holding every right of the organisation (Administrateur) and a licence.
    colleague = await kit(t).member({ ...alpha, userId: '' }, 'Administrateur');
    Object.assign(alphaIds, {
      excelId,
      prospectId: page.value[1]?._id,
      opportunityId,
      statusId: status[0]?._id,
      roleId: role._id,
      userId: users.users[0]?._id,
      reassignTo: users.users[0]?._id,
      keyId: keys.keys[0]?._id,
      invitationId: invitations.invitations[0]?._id,
      importId,
      roundId: round._id,
      notificationId: notifications.notifications[0]?._id,
      binId,
    });
  });

  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  it('answers B exactly as for an unknown id, on every route and id field, and leaves A unchanged', async () => {
    const before = await alphaState();
    const routes = t.app.locals.apiRoutes.routes.filter((route) => route.access === 'organisation');
    let probed = 0;
    for (const route of routes) {
      const idKeys = route.bodyKeys.filter((key) => key in alphaIds);
      if (idKeys.length === 0) continue;
      for (const key of idKeys) {
        const body = (id: string) => ({
          ...beta,
          ...Object.fromEntries(
            route.bodyKeys.filter((other) => other in FILLERS).map((other) => [other, FILLERS[other]]),
          ),
          // The other id fields get B-unknown ids, so only `key` differs between the two calls.
          ...Object.fromEntries(idKeys.map((other) => [other, newId()])),
          [key]: id,
        });
        const foreign = await post(route.path, body(alphaIds[key] as string));
        const unknown = await post(route.path, body(newId()));
        const label = `${route.path} ${key}`;
        // Same status, same body: nothing tells B that the id exists (an idempotent no-op, such as
        // aborting an import that is not B's, answers both alike too).
        expect([label, foreign.status, foreign.body]).toEqual([label, unknown.status, unknown.body]);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThanOrEqual(20);
    expect(await alphaState()).toBe(before);
  }, 120_000);

  it('answers a colleague, even an Administrateur, about a private file and its prospects exactly as for an unknown id', async () => {
    const before = await alphaState();
    const routes = t.app.locals.apiRoutes.routes.filter((route) => route.access === 'organisation');
    let probed = 0;
    for (const route of routes) {
      const idKeys = route.bodyKeys.filter((key) => key in privateIds);
      for (const key of idKeys) {
        const body = (id: string) => ({
          ...colleague,
          ...Object.fromEntries(
            route.bodyKeys.filter((other) => other in FILLERS).map((other) => [other, FILLERS[other]]),
          ),
          ...Object.fromEntries(
            route.bodyKeys.filter((other) => other in alphaIds).map((other) => [other, newId()]),
          ),
          [key]: id,
        });
        const hidden = await post(route.path, body(privateIds[key] as string));
        const unknown = await post(route.path, body(newId()));
        const label = `${route.path} ${key}`;
        expect([label, hidden.status, hidden.body]).toEqual([label, unknown.status, unknown.body]);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThanOrEqual(6);
    // The owner still sees the file, unchanged.
    expect((await post('/api/prospect/get/value', { ...alpha, excelId: privateIds.excelId })).status).toBe(
      200,
    );
    expect(await alphaState()).toBe(before);
  }, 120_000);
});
