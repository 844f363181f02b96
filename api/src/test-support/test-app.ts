// A fresh app per test file: in-memory store, cheap scrypt, a movable clock, a temp DATA_DIR and
// WEB_ROOT, mail through the given SMTP server (or the outbox).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { type App, createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openMemorySqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/types';
import { createMailer } from '../mail/create-mailer';
import type { Mailer } from '../mail/mailer';

export type TestClock = { now: () => number; advance: (ms: number) => void; set: (ms: number) => void };

export function createClock(start = Date.UTC(2025, 0, 6, 9, 0, 0)): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms), set: (ms) => void (current = ms) };
}

export type TestApp = {
  app: App;
  config: Config;
  store: Store;
  mailer: Mailer;
  clock: TestClock;
  dir: string;
  close(): Promise<void>;
};

/**
 * The temporary directories this test file made: removed after its last test, so a test that never
 * calls close() (or a config made without an app) leaves nothing behind in the system's temp folder.
 */
const madeDirs = new Set<string>();
afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
});

function testDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  madeDirs.add(dir);
  return dir;
}

export function testConfig(env: Record<string, string> = {}, dir = testDir()): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://app.test',
    DATA_DIR: path.join(dir, 'data'),
    WEB_ROOT: path.join(dir, 'web'),
    PASSWORD_HASH_COST: '1024',
    // A thread started from the sources compiles itself (about a second per app): the unit tests
    // prepare imports on the main thread, import-threads.test.ts and the built API's tests in threads.
    IMPORT_WORKERS: '0',
    ...env,
  });
}

export function createTestApp(
  options: {
    env?: Record<string, string>;
    smtpUrl?: string;
    /** Wall clock of the rate-limit windows (real time when absent). */
    rateLimitNow?: () => number;
  } = {},
): TestApp {
  const dir = testDir();
  const env = {
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl, MAIL_FROM: 'Prospection <no-reply@app.test>' } : {}),
    ...options.env,
  };
  const config = testConfig(env, dir);
  const store = openMemorySqliteStore();
  const logger = pino({ level: 'silent' });
  const mailer = createMailer(config, logger);
  const clock = createClock();
  const app = createApp(config, {
    store,
    mailer,
    logger,
    now: clock.now,
    rateLimitNow: options.rateLimitNow,
    digestSchedule: false,
    auditSchedule: false,
    listsWarmUp: false,
  });
  return {
    app,
    config,
    store,
    mailer,
    clock,
    dir,
    async close() {
      await mailer.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const STRONG_PASSWORD = 'Motdepasse1';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${process.pid}@exemple.fr`;
}

/** Registers a user and returns its token. */
export async function signUp(
  app: App,
  email = uniqueEmail(),
  username = 'Dupont Marie',
): Promise<{ token: string; email: string }> {
  const res = await request(app).post('/api/register').send({ email, password: STRONG_PASSWORD, username });
  if (res.status !== 200) throw new Error(`register ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, email };
}

/** Registers a user who creates an organisation; returns both. */
export async function signUpWithOrganisation(
  app: App,
  name = 'Société Alpha',
): Promise<{ token: string; email: string; organisationId: string }> {
  const user = await signUp(app);
  const res = await request(app)
    .post('/api/organisation/create')
    .send({ token: user.token, name, phone: '0102030405' });
  if (res.status !== 200) throw new Error(`organisation/create ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...user, organisationId: res.body.organisation._id as string };
}
