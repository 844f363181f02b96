// Walks the declared /api route table with hostile bodies (operator objects, wrong types, arrays for
// strings, huge strings, deep nesting, prototype keys, broken unicode, malformed and oversized JSON),
// as a member holding every right, so each request reaches the route's own validation. No answer may
// be a 5xx or show a stack; a refusal says why in French. A route added tomorrow is swept too.
import request from 'supertest';
import { createTestApp, signUpWithOrganisation, type TestApp } from '../test-support/test-app';

// zod's default (English) messages and Node's error texts all contain one of these.
const ENGLISH = /\b(Invalid|expected|received|Unexpected token|Cannot|undefined|is not|Error)\b/;
const STACK = /\bat .+\.(ts|js):\d+/;

function nested(depth: number): unknown {
  let value: unknown = 'fond';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

const HOSTILE_VALUES: [string, unknown][] = [
  ['operator $gt', { $gt: '' }],
  ['operator $where', { $where: 'sleep(1000)' }],
  ['operator $ne null', { $ne: null }],
  ['array', ['a', 'b']],
  ['huge string', 'x'.repeat(100_000)],
  ['number', 12_345],
  ['boolean', true],
  ['deep nesting', nested(200)],
  ['broken unicode', '\ud800\u0000\uffff'],
];

/**
 * What the product stores, compared before and after the sweep. Left out: rate-limit counters (each
 * refused attempt counts, by design).
 */
const STORED_COLLECTIONS = [
  'users',
  'sessions',
  'passwordResets',
  'organisations',
  'roles',
  'memberships',
  'invitations',
  'licences',
  'licenceTrials',
  'prospectFiles',
  'prospects',
  'prospectChangeStamps',
  'registryEnrichments',
  'opportunities',
  'opportunityListVersions',
  'opportunityListChanges',
  'messages',
  'statuses',
  'rounds',
  'billingSubscriptions',
  'billingCheckouts',
  'billingEvents',
  'billingDemoCheckouts',
  'billingDemoSubscriptions',
  'billingDemoPortals',
];

async function storeContents(t: TestApp): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const name of STORED_COLLECTIONS)
    contents[name] = JSON.stringify(await t.store.collection(name).find({}, { sort: { _id: 1 } }));
  return contents;
}

describe('hostile input on every /api route', () => {
  let t: TestApp;
  let caller: { token: string; organisationId: string };

  beforeAll(async () => {
    // Limits high enough that the sweep reaches the validation of login, register and forgot.
    t = createTestApp({ env: { RATE_LIMIT_MAX_PER_IP: '100000', RATE_LIMIT_MAX_PER_EMAIL: '100000' } });
    await t.app.locals.ready;
  });
  // Each sweep ends with the logout calls: the next one starts with a new member.
  beforeEach(async () => {
    caller = await signUpWithOrganisation(t.app, 'Organisation Hostile');
    // Lazily made records (the organisation's list version, its trial, its five statuses) exist
    // before the snapshots.
    await request(t.app).post('/api/opportunity/getAllCount').send(caller);
    await request(t.app).post('/api/opportunity/status').send(caller);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  // The calls that end the caller's sessions go last, so every other route sees a signed-in member.
  const endsSessions = (path: string) => /logout/i.test(path);
  const routes = () =>
    t.app.locals.apiRoutes.routes
      .map((route) => ({ ...route, url: route.path.replace(/:[a-zA-Z]+/g, 'parametre-inconnu') }))
      .sort((a, b) => Number(endsSessions(a.path)) - Number(endsSessions(b.path)));

  function expectCalmRefusal(label: string, res: request.Response): void {
    const context = `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
    expect([context, res.status < 500]).toEqual([context, true]);
    expect([context, STACK.test(res.text)]).toEqual([context, false]);
    if (res.status >= 400) {
      const message: unknown = res.body?.message;
      expect([context, typeof message === 'string' && message.length > 0]).toEqual([context, true]);
      expect([context, ENGLISH.test(String(message))]).toEqual([context, false]);
    }
  }

  it('answers every hostile value in every declared field without a 5xx, a stack or an English message, and stores nothing', async () => {
    const before = await storeContents(t);
    let after: Record<string, string> | undefined;
    for (const route of routes()) {
      // Logging out with junk beside the token still logs out: compared before those calls.
      if (endsSessions(route.path)) after ??= await storeContents(t);
      const base = route.access === 'public' ? {} : { ...caller };
      const keys = route.bodyKeys.length > 0 ? route.bodyKeys : ['champInconnu'];
      for (const key of keys) {
        for (const [name, value] of HOSTILE_VALUES) {
          const res = await request(t.app)
            .post(route.url)
            .send({ ...base, [key]: value });
          expectCalmRefusal(`${route.path} ${key}=${name}`, res);
        }
      }
    }
    after ??= await storeContents(t);
    for (const name of STORED_COLLECTIONS) expect([name, after[name]]).toEqual([name, before[name]]);
  }, 120_000);

  it('answers malformed JSON, a JSON array, prototype keys and an oversized body on every route in French, and stores nothing', async () => {
    const before = await storeContents(t);
    let after: Record<string, string> | undefined;
    for (const route of routes()) {
      if (endsSessions(route.path)) after ??= await storeContents(t);
      const malformed = await request(t.app)
        .post(route.url)
        .set('Content-Type', 'application/json')
        .send('{"token": "abc",');
      expectCalmRefusal(`${route.path} malformed`, malformed);
      expect(malformed.status).toBe(400);

      const array = await request(t.app).post(route.url).send([caller]);
      expectCalmRefusal(`${route.path} array`, array);
      expect(array.status).toBeGreaterThanOrEqual(400);

      const prototype = await request(t.app)
        .post(route.url)
        .set('Content-Type', 'application/json')
        .send(
          `{"token": ${JSON.stringify(caller.token)}, "organisationId": ${JSON.stringify(
            caller.organisationId,
          )}, "__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}`,
        );
      expectCalmRefusal(`${route.path} prototype keys`, prototype);
      expect(({} as { admin?: boolean }).admin).toBeUndefined();

      const oversized = await request(t.app)
        .post(route.url)
        .send({ ...caller, bourrage: 'x'.repeat(5 * 1024 * 1024) });
      expectCalmRefusal(`${route.path} oversized`, oversized);
      expect(oversized.status).toBe(413);
    }
    after ??= await storeContents(t);
    for (const name of STORED_COLLECTIONS) expect([name, after[name]]).toEqual([name, before[name]]);
  }, 120_000);
});
