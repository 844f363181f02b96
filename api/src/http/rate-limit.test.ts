// The rate-limit counters live in the store: two API apps opened on one DATA_DIR (two connections to
// one SQLite file, as two processes have) refuse the attempt after the limit, whichever one counts it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { type App, createApp } from '../app';
import { openSqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/types';
import { createMailer } from '../mail/create-mailer';
import { testConfig, uniqueEmail } from '../test-support/test-app';
import { RATE_LIMITED_MESSAGE, RateLimitCounters } from './rate-limit';

describe('rate limits shared through the store', () => {
  let dir: string;
  let stores: Store[];
  let apps: App[];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-'));
    const config = testConfig(
      { RATE_LIMIT_MAX_PER_IP: '4', RATE_LIMIT_MAX_PER_EMAIL: '3', RATE_LIMIT_WINDOW_S: '600' },
      dir,
    );
    const logger = pino({ level: 'silent' });
    stores = [
      await openSqliteStore({ dataDir: config.dataDir }),
      await openSqliteStore({ dataDir: config.dataDir }),
    ];
    // One still wall clock for the windows: a slow run never straddles a window's edge.
    const rateLimitNow = () => Date.UTC(2025, 0, 6, 9, 5, 0);
    apps = stores.map((store) =>
      createApp(config, { store, mailer: createMailer(config, logger), logger, rateLimitNow }),
    );
    await Promise.all(apps.map((app) => app.locals.ready));
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the attempt after the per-e-mail limit, whichever instance receives it', async () => {
    const email = uniqueEmail('partage');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const app = apps[attempt % 2] as App;
      const reply = await request(app).post('/api/login').send({ email, password: 'Mauvais1x' });
      statuses.push(reply.status);
      if (reply.status === 429) expect(reply.body.message).toBe(RATE_LIMITED_MESSAGE);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts per call and per client IP across instances, with the standard headers', async () => {
    const statuses: number[] = [];
    let remaining: string | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await request(apps[attempt % 2] as App)
        .post('/api/forgot')
        .send({ email: uniqueEmail() });
      statuses.push(reply.status);
      if (attempt === 2) remaining = reply.headers['ratelimit'] as string | undefined;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(remaining).toMatch(/r=1/);
    // Another call keeps its own counter.
    expect(
      (
        await request(apps[1] as App)
          .post('/api/register')
          .send({})
      ).status,
    ).toBe(400);
  });
});

describe('RateLimitCounters', () => {
  it('starts a new window after the previous one ends, and removes expired windows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rate-counters-'));
    const store = await openSqliteStore({ dataDir: dir });
    let now = 1_000_000;
    const counters = new RateLimitCounters(store, () => now);
    try {
      await counters.ensureIndexes();
      expect(await counters.hit('k', 1000)).toEqual({ hits: 1, resetAt: 1_001_000 });
      expect((await counters.hit('k', 1000)).hits).toBe(2);
      await counters.unhit('k', 1000);
      expect((await counters.hit('k', 1000)).hits).toBe(2);
      now += 61_000;
      expect(await counters.hit('k', 1000)).toEqual({ hits: 1, resetAt: 1_062_000 });
      expect(await store.collection('rateLimits').countDocuments({})).toBe(1);
      await counters.reset('k');
      expect(await store.collection('rateLimits').countDocuments({})).toBe(0);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
