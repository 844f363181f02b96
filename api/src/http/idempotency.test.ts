// Idempotency keys: a change sent twice with one key is applied once and answered the same, per caller,
// whichever API process receives the repeat (two apps on one DATA_DIR, as two processes have).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { type App, createApp } from '../app';
import { openSqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/types';
import { createMailer } from '../mail/create-mailer';
import { signUp, testConfig } from '../test-support/test-app';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from './idempotency';

const KEY = '3f1c2b7e-9a4d-4e8b-a1f0-6c5d4b3a2e10';

describe('Idempotency-Key on the API', () => {
  let dir: string;
  let stores: Store[];
  let apps: [App, App];
  let clock: number;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'idempotency-'));
    const config = testConfig({}, dir);
    const logger = pino({ level: 'silent' });
    stores = [
      await openSqliteStore({ dataDir: config.dataDir }),
      await openSqliteStore({ dataDir: config.dataDir }),
    ];
    clock = Date.UTC(2025, 0, 6, 9, 0, 0);
    const [first, second] = stores.map((store) =>
      createApp(config, { store, mailer: createMailer(config, logger), logger, now: () => clock }),
    );
    apps = [first as App, second as App];
    await Promise.all(apps.map((app) => app.locals.ready));
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (app: App, token: string, key: string | null, name = 'Société Hors Ligne') => {
    const call = request(app).post('/api/organisation/create');
    if (key !== null) call.set('Idempotency-Key', key);
    return call.send({ token, name, phone: '0102030405' });
  };
  const organisationsOf = async (token: string) =>
    (await request(apps[0]).post('/api/organisation/get').send({ token })).body.organisations as {
      _id: string;
    }[];

  it('when the same key is sent twice, the change is applied once and the same reply comes back', async () => {
    const { token } = await signUp(apps[0]);
    const first = await create(apps[0], token, KEY);
    const repeat = await create(apps[0], token, KEY);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await organisationsOf(token)).toHaveLength(1);
  });

  it('when the repeat reaches another API process on the same store, it is replayed there', async () => {
    const { token } = await signUp(apps[0]);
    const first = await create(apps[0], token, KEY);
    const repeat = await create(apps[1], token, KEY);
    expect(repeat.body).toEqual(first.body);
    expect(await organisationsOf(token)).toHaveLength(1);
  });

  it('when both processes receive the same key at once, the change is applied once', async () => {
    const { token } = await signUp(apps[0]);
    const replies = await Promise.all([create(apps[0], token, KEY), create(apps[1], token, KEY)]);
    expect(await organisationsOf(token)).toHaveLength(1);
    // The later one is either the replay or "in progress" (the client tries again with the same key).
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    const again = await create(apps[1], token, KEY);
    expect(again.status).toBe(200);
    expect(await organisationsOf(token)).toHaveLength(1);
  });

  it('when another user sends the same key, their change is independent', async () => {
    const alice = await signUp(apps[0]);
    const bob = await signUp(apps[0]);
    const forAlice = await create(apps[0], alice.token, KEY);
    const forBob = await create(apps[0], bob.token, KEY);
    expect(forBob.status).toBe(200);
    expect(forBob.headers['idempotent-replayed']).toBeUndefined();
    expect(forBob.body.organisation._id).not.toBe(forAlice.body.organisation._id);
    expect(await organisationsOf(alice.token)).toHaveLength(1);
    expect(await organisationsOf(bob.token)).toHaveLength(1);
  });

  it('without the header, each request is applied', async () => {
    const { token } = await signUp(apps[0]);
    await create(apps[0], token, null);
    await create(apps[0], token, null);
    expect(await organisationsOf(token)).toHaveLength(2);
  });

  it('a refusal is kept and replayed too: the repeat does not apply a change the first one could not', async () => {
    const { token } = await signUp(apps[0]);
    const refused = await request(apps[0])
      .post('/api/organisation/create')
      .set('Idempotency-Key', KEY)
      .send({ token, name: '', phone: '0102030405' });
    expect(refused.status).toBe(400);
    const repeat = await request(apps[1])
      .post('/api/organisation/create')
      .set('Idempotency-Key', KEY)
      .send({ token, name: '', phone: '0102030405' });
    expect(repeat.status).toBe(400);
    expect(repeat.body).toEqual(refused.body);
  });

  it('when the key is reused for another change, it says so in French and applies nothing', async () => {
    const { token } = await signUp(apps[0]);
    await create(apps[0], token, KEY, 'Première');
    const other = await create(apps[0], token, KEY, 'Seconde');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await organisationsOf(token)).toHaveLength(1);
  });

  it('refuses a malformed key with a French message', async () => {
    const { token } = await signUp(apps[0]);
    const reply = await create(apps[0], token, 'court');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    expect(await organisationsOf(token)).toHaveLength(0);
  });

  it('after 24 hours the key is forgotten and a new request with it is applied', async () => {
    const { token } = await signUp(apps[0]);
    await create(apps[0], token, KEY);
    clock += IDEMPOTENCY_TTL_MS + 120_000;
    const later = await create(apps[1], token, KEY);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await organisationsOf(token)).toHaveLength(2);
  });

  it('lets a browser on an allowed origin send the header', async () => {
    const config = testConfig({ CORS_ORIGINS: 'https://app.exemple.fr' }, dir);
    const app = createApp(config, {
      store: stores[0] as Store,
      mailer: createMailer(config, pino({ level: 'silent' })),
    });
    const preflight = await request(app)
      .options('/api/organisation/create')
      .set('Origin', 'https://app.exemple.fr')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, idempotency-key');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
  });
});
