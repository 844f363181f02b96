// Two real API processes (api/dist) start at the same moment on one DATA_DIR after the hour: both
// catch the day up at start, and each member still gets exactly one morning e-mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../app';
import { openSqliteStore } from '../../db/sqlite-store';
import { createSmtpMailer } from '../../mail/mailer';
import {
  type ApiProcess,
  buildApiIfStale,
  freePort,
  startApi,
  stopApi,
} from '../../test-support/api-process';
import { kit, rowOf } from '../../test-support/prospects-test-kit';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { createClock, type TestApp, testConfig } from '../../test-support/test-app';
import type { DigestSendDoc } from './repository';

const DAY = 24 * 60 * 60 * 1000;
const silent = pino({ level: 'silent' });

describe('the morning e-mail with two API processes on one DATA_DIR', () => {
  let dir: string;
  let smtp: TestSmtpServer;
  const started: ApiProcess[] = [];

  beforeAll(() => buildApiIfStale(), 180_000);
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'digest-processes-'));
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    for (const api of started.splice(0)) await stopApi(api, 'SIGKILL');
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends each member one e-mail when both catch the day up at start', async () => {
    // Set up in this process on the same store, two days ago, with follow-ups overdue since yesterday.
    const config = testConfig({ EXPORT_WORKERS: '0' }, dir);
    const store = await openSqliteStore({ dataDir: config.dataDir });
    const mailer = createSmtpMailer({
      smtpUrl: smtp.url,
      from: 'Prospection <no-reply@app.test>',
      logger: silent,
    });
    const clock = createClock(Date.now() - 2 * DAY);
    const app = createApp(config, { store, mailer, logger: silent, now: clock.now, digestSchedule: false });
    await app.locals.ready;
    const k = kit({ app, store } as TestApp);
    const owner = await k.owner('Société Deux Processus');
    const members = [owner, await k.member(owner), await k.member(owner)];
    let row = 0;
    for (const member of members) {
      const { excelId } = await k.loadOk(member, [rowOf((row += 1))]);
      const page = await k.page(member, excelId);
      const prospectId = (page.body.value as { _id: string }[])[0]?._id;
      const created = await k.post('/api/opportunity/create', { ...k.as(member), prospectId });
      const waiting = await k.post('/api/opportunity/setWaiting', {
        ...k.as(member),
        opportunityId: created.body.opportunityId,
        date: Date.now() - DAY,
      });
      expect(waiting.status).toBe(200);
    }
    const users = store.collection<{ _id: string; email: string }>('users');
    const emails = await Promise.all(
      members.map(async (m) => (await users.findOne({ _id: m.userId }))?.email as string),
    );
    app.locals.stop();
    await app.locals.release();
    await mailer.close();
    await store.close();

    // Hour 0: whatever the time in Paris, the day's e-mails are due when both start.
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Prospection <no-reply@app.test>',
      DIGEST_HOUR: '0',
      EXPORT_WORKERS: '0',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    started.push(
      ...(await Promise.all([startApi(config.dataDir, portA, env), startApi(config.dataDir, portB, env)])),
    );
    for (const email of emails) await smtp.waitFor(email, 15_000);
    // Time for a late duplicate to arrive, if either process were to send one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const email of emails)
      expect([email, smtp.received.filter((mail) => mail.to.includes(email)).length]).toEqual([email, 1]);
    expect(smtp.received).toHaveLength(3);

    for (const api of started.splice(0)) await stopApi(api);
    const after = await openSqliteStore({ dataDir: config.dataDir });
    try {
      const sends = await after.collection<DigestSendDoc>('digestSends').find({});
      expect(sends.map((send) => [send.state, send.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
