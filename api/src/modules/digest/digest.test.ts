// The morning e-mail through the real app and a real SMTP server: what it lists, to whom, exactly once
// per member, organisation and day (two apps racing on one DATA_DIR, a crash mid-send, a refused
// send), the catch-up at start on the same day only, the hour across daylight-saving changes, the
// signed unsubscribe link and the account page's choice.
import pino from 'pino';
import request from 'supertest';
import type { App } from '../../app';
import type { Store } from '../../db/types';
import { createSmtpMailer } from '../../mail/mailer';
import { grantLicence } from '../../test-support/licences';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { createClock, createTestApp, type TestApp, type TestClock } from '../../test-support/test-app';
import { digestDayOf } from './day';
import type { DigestSendDoc } from './repository';
import { signScope, UNSUBSCRIBE_PURPOSE, verifyScope } from './signed-links';

const silent = pino({ level: 'silent' });
/** Wall-clock instants in Paris in January (UTC+1). */
const paris = (day: number, hour: number, minute = 0) => Date.UTC(2025, 0, day, hour - 1, minute);

type Scene = { k: ReturnType<typeof kit>; owner: Member; seller: Member; idle: Member };

/** Prospects of a new file of `who`, named 'Société <n>' in Paris. */
let nextRow = 0;
async function opportunities(k: ReturnType<typeof kit>, who: Member, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => rowOf((nextRow += 1)));
  const { excelId } = await k.loadOk(who, rows, { name: `Fichier ${nextRow}` });
  const page = await k.page(who, excelId, { limit: 1000 });
  const ids: string[] = [];
  for (const row of page.body.value as { _id: string }[]) {
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId: row._id });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    ids.push(res.body.opportunityId as string);
  }
  return ids;
}

async function waitingUntil(k: ReturnType<typeof kit>, who: Member, id: string, date: number) {
  const res = await k.post('/api/opportunity/setWaiting', { ...k.as(who), opportunityId: id, date });
  if (res.status !== 200) throw new Error(`setWaiting ${res.status}: ${JSON.stringify(res.body)}`);
}

async function contractEnds(k: ReturnType<typeof kit>, who: Member, id: string, end: string) {
  await k.post('/api/opportunity/setWin', { ...k.as(who), opportunityId: id });
  const res = await k.post('/api/opportunity/updateContractuelle', {
    ...k.as(who),
    opportunityId: id,
    data: { Date_previsionelle_fin_de_contrat: end },
  });
  if (res.status !== 200) throw new Error(`updateContractuelle ${res.status}: ${JSON.stringify(res.body)}`);
}

const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email));

async function emailOf(store: Store, userId: string): Promise<string> {
  const user = await store.collection<{ _id: string; email: string }>('users').findOne({ _id: userId });
  if (!user) throw new Error(`no user ${userId}`);
  return user.email;
}

/** The List-Unsubscribe link of a received message. */
function unsubscribeLinkOf(mail: ReceivedMail): string {
  const link = /^List-Unsubscribe: <([^>]+)>/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!link) throw new Error('no List-Unsubscribe header');
  return link;
}

const linkPath = (link: string) => link.replace('http://app.test', '');

describe('the morning e-mail', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let scene: Scene;
  /** Owner's opportunities: due today, overdue, renewal in 2 days, tomorrow, renewal in 14 days. */
  let ids: { today: string; overdue: string; renewal: string; tomorrow: string; farRenewal: string };
  let sellerOverdue: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = createTestApp({ smtpUrl: smtp.url });
    await t.app.locals.ready;
    t.clock.set(paris(2, 10));
    const k = kit(t);
    const owner = await k.owner('Société Alpha');
    const seller = await k.member(owner);
    const idle = await k.member(owner);
    scene = { k, owner, seller, idle };
    const [today, overdue, renewal, tomorrow, farRenewal] = await opportunities(k, owner, 5);
    ids = {
      today: today as string,
      overdue: overdue as string,
      renewal: renewal as string,
      tomorrow: tomorrow as string,
      farRenewal: farRenewal as string,
    };
    await waitingUntil(k, owner, ids.today, paris(6, 14, 30));
    await waitingUntil(k, owner, ids.overdue, paris(3, 9));
    await waitingUntil(k, owner, ids.tomorrow, paris(7, 10));
    // 90 days before 8 April is 8 January (in the window of the 6th); before 20 April, the 20th (not).
    await contractEnds(k, owner, ids.renewal, '2025-04-08');
    await contractEnds(k, owner, ids.farRenewal, '2025-04-20');
    [sellerOverdue] = (await opportunities(k, seller, 1)) as [string];
    await waitingUntil(k, seller, sellerOverdue, paris(4, 10));
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
    await smtp.close();
  });

  it('sends nothing before DIGEST_HOUR (8:00 in Paris), then each licensed member their day, with links', async () => {
    t.clock.set(paris(6, 7, 59));
    expect(await t.app.locals.runDigest()).toMatchObject({ day: '2025-01-06', ran: false, sent: 0 });
    expect(smtp.received).toHaveLength(0);

    t.clock.set(paris(6, 8));
    expect(await t.app.locals.runDigest()).toMatchObject({
      day: '2025-01-06',
      ran: true,
      sent: 2,
      failed: 0,
    });
    const ownerEmail = await emailOf(t.store, scene.owner.userId);
    const [mail] = mailsTo(smtp, ownerEmail);
    if (!mail) throw new Error('no e-mail for the owner');
    expect(mail.subject).toBe('Vos relances du lundi 6 janvier 2025 – Société Alpha');
    const text = mail.text;
    expect(text).toContain('Bonjour Dupont Marie,');
    expect(text).toContain(
      'Voici votre journée dans « Société Alpha » : 1 relance aujourd’hui, 1 relance en retard, 1 renouvellement.',
    );
    const section = (title: string) => text.slice(text.indexOf(title)).split('\n\n')[0] ?? '';
    expect(section('À relancer aujourd’hui (1)')).toContain('relance prévue à 14:30');
    expect(section('À relancer aujourd’hui (1)')).toContain(
      `http://app.test/dashboard/opportunity/${ids.today}`,
    );
    expect(section('En retard (1)')).toContain('relance prévue le 03/01/2025 (3 jours de retard)');
    expect(section('En retard (1)')).toContain(`http://app.test/dashboard/opportunity/${ids.overdue}`);
    expect(section('Renouvellements des 7 prochains jours (1)')).toContain(
      'fin de contrat le 08/04/2025, à relancer le 08/01/2025',
    );
    expect(section('Renouvellements des 7 prochains jours (1)')).toContain(
      `http://app.test/dashboard/opportunity/${ids.renewal}`,
    );
    for (const absent of [ids.tomorrow, ids.farRenewal, sellerOverdue]) expect(text).not.toContain(absent);
    expect(text).toMatch(/^- Société \d+ \(Paris\) — relance prévue à 14:30$/m);
    expect(mail.html).toContain(`href="http://app.test/dashboard/opportunity/${ids.today}"`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(unsubscribeLinkOf(mail)).toMatch(/^http:\/\/app\.test\/api\/digest\/unsubscribe\?token=/);
    expect(text).toContain(`Ne plus le recevoir (en un clic) : ${unsubscribeLinkOf(mail)}`);

    // The colleague gets theirs, with only their own follow-up; the member with nothing gets none.
    const [sellerMail] = mailsTo(smtp, await emailOf(t.store, scene.seller.userId));
    expect(sellerMail?.text).toContain(`http://app.test/dashboard/opportunity/${sellerOverdue}`);
    expect(sellerMail?.text).toContain('En retard (1)');
    expect(sellerMail?.text).not.toContain('À relancer aujourd’hui');
    expect(sellerMail?.text).not.toContain(ids.today);
    expect(mailsTo(smtp, await emailOf(t.store, scene.idle.userId))).toHaveLength(0);
  });

  it('sends it once a day: later checks of the same day send nothing more', async () => {
    const before = smtp.received.length;
    t.clock.set(paris(6, 8, 1));
    expect(await t.app.locals.runDigest()).toMatchObject({ sent: 0 });
    t.clock.set(paris(6, 18));
    expect(await t.app.locals.runDigest()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(before);
    const sends = await t.store.collection<DigestSendDoc>('digestSends').find({ day: '2025-01-06' });
    expect(sends.map((send) => send.state)).toEqual(['sent', 'sent']);
    expect(sends.find((send) => send.userId === scene.owner.userId)?.counts).toEqual({
      today: 1,
      overdue: 1,
      renewals: 1,
    });
  });

  it('lists on the day of a renewal the opportunity it brought back as "A faire"', async () => {
    // The 8th: the renewal sweep (or the first read) has brought it back as TODO, clearing renewalAt.
    t.clock.set(paris(8, 9));
    const detail = await scene.k.post('/api/opportunity/get', {
      ...scene.k.as(scene.owner),
      opportunityId: ids.renewal,
    });
    expect(detail.body.opportunity.state).toBe('TODO');
    const before = mailsTo(smtp, await emailOf(t.store, scene.owner.userId)).length;
    expect(await t.app.locals.runDigest()).toMatchObject({ day: '2025-01-08', sent: 2 });
    const mail = mailsTo(smtp, await emailOf(t.store, scene.owner.userId))[before];
    expect(mail?.text).toContain('Renouvellements des 7 prochains jours (1)');
    expect(mail?.text).toContain(`http://app.test/dashboard/opportunity/${ids.renewal}`);
    expect(mail?.text).toContain('fin de contrat le 08/04/2025, à relancer le 08/01/2025');
  });

  it('lets a member turn it off and on from the account page, per organisation, with French errors', async () => {
    const { k, seller } = scene;
    expect((await k.post('/api/digest/preference/get', k.as(seller))).body).toEqual({
      enabled: true,
      hour: 8,
    });
    const bad = await k.post('/api/digest/preference/set', { ...k.as(seller), enabled: 'non' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Veuillez indiquer si vous souhaitez recevoir l’e-mail du matin (oui ou non)',
    );
    expect((await k.post('/api/digest/preference/set', k.as(seller))).status).toBe(400);
    expect((await k.post('/api/digest/preference/get', k.as(seller))).body.enabled).toBe(true);

    const off = await k.post('/api/digest/preference/set', { ...k.as(seller), enabled: false });
    expect(off.body).toEqual({ enabled: false, hour: 8, message: 'Vous ne recevrez plus l’e-mail du matin' });
    expect((await k.post('/api/digest/preference/get', k.as(seller))).body.enabled).toBe(false);
    const sellerEmail = await emailOf(t.store, seller.userId);
    const before = mailsTo(smtp, sellerEmail).length;
    t.clock.set(paris(9, 8));
    await t.app.locals.runDigest();
    expect(mailsTo(smtp, sellerEmail)).toHaveLength(before);

    const on = await k.post('/api/digest/preference/set', { ...k.as(seller), enabled: true });
    expect(on.body.message).toBe('Vous recevrez l’e-mail du matin');
    t.clock.set(paris(10, 8));
    await t.app.locals.runDigest();
    expect(mailsTo(smtp, sellerEmail)).toHaveLength(before + 1);
  });

  it('unsubscribes in one click from the signed link; a tampered or other-purpose link changes nothing', async () => {
    const { k, owner } = scene;
    const mails = mailsTo(smtp, await emailOf(t.store, owner.userId));
    const link = unsubscribeLinkOf(mails[mails.length - 1] as ReceivedMail);
    const token = new URL(link).searchParams.get('token') as string;
    const enabled = async () =>
      (await k.post('/api/digest/preference/get', k.as(owner))).body.enabled as boolean;

    // Opening the link shows a French page with one button, and changes nothing (link scanners open it).
    const shown = await request(t.app).get(linkPath(link));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Ne plus recevoir l’e-mail du matin de « Société Alpha » ?');
    expect(shown.text).toContain('<button type="submit">Me désinscrire</button>');
    expect(await enabled()).toBe(true);

    // Tampered: another member's id under the owner's signature; a changed signature; another purpose.
    const secret = (await t.store.collection<{ _id: string; secret: string }>('digestSecrets').findOne({}))
      ?.secret as string;
    const [organisationId, , signature] = token.split('.');
    const otherMember = `${organisationId}.${scene.seller.userId}.${signature}`;
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPurpose = signScope(secret, 'calendar-feed', {
      organisationId: owner.organisationId,
      userId: owner.userId,
    });
    expect(verifyScope(secret, UNSUBSCRIBE_PURPOSE, token)).toEqual({
      organisationId: owner.organisationId,
      userId: owner.userId,
    });
    for (const bad of [otherMember, flipped, otherPurpose, 'n-importe-quoi', '']) {
      const url = `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`;
      const get = await request(t.app).get(url);
      const post = await request(t.app).post(url).type('form').send('List-Unsubscribe=One-Click');
      expect([bad, get.status, post.status]).toEqual([bad, 400, 400]);
      expect(post.text).toContain('Ce lien de désinscription n’est pas valide.');
    }
    expect(await enabled()).toBe(true);
    expect((await k.post('/api/digest/preference/get', k.as(scene.seller))).body.enabled).toBe(true);

    // RFC 8058: the mail client posts List-Unsubscribe=One-Click to the header's URL.
    const done = await request(t.app).post(linkPath(link)).type('form').send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.text).toContain('Vous ne recevrez plus l’e-mail du matin de « Société Alpha ».');
    expect(await enabled()).toBe(false);
    const before = mails.length;
    t.clock.set(paris(11, 8));
    await t.app.locals.runDigest();
    expect(mailsTo(smtp, await emailOf(t.store, owner.userId))).toHaveLength(before);
    // Turned back on from the account page.
    await k.post('/api/digest/preference/set', { ...k.as(owner), enabled: true });
    expect(await enabled()).toBe(true);
  });

  it('sends nothing to a member whose licence was taken away', async () => {
    const { k, owner, seller } = scene;
    const keys = await k.post('/api/stripe/getAllKey', k.as(owner));
    const key = (keys.body.keys as { _id: string; userId?: string }[]).find(
      (one) => one.userId === seller.userId,
    );
    const removed = await k.post('/api/stripe/assignKey', { ...k.as(owner), keyId: key?._id, userId: null });
    expect(removed.status).toBe(200);
    const sellerEmail = await emailOf(t.store, seller.userId);
    const before = mailsTo(smtp, sellerEmail).length;
    t.clock.set(paris(12, 8));
    const summary = await t.app.locals.runDigest();
    expect(summary.sent).toBe(1); // the owner's
    expect(mailsTo(smtp, sellerEmail)).toHaveLength(before);
    // Given back: the next morning it comes again.
    await grantLicence(t, owner, seller.userId);
    t.clock.set(paris(13, 8));
    await t.app.locals.runDigest();
    expect(mailsTo(smtp, sellerEmail)).toHaveLength(before + 1);
  });

  it('keeps organisations apart: one e-mail per organisation, each with its own follow-ups only', async () => {
    const { k, owner } = scene;
    t.clock.set(paris(13, 10));
    const beta = await k.owner('Société Beta');
    const [betaOverdue] = (await opportunities(k, beta, 1)) as [string];
    await waitingUntil(k, beta, betaOverdue, paris(13, 11));
    // The owner of Alpha also works in Beta, with a licence there and a follow-up of their own.
    const ownerInBeta = { ...owner, organisationId: beta.organisationId };
    const { seedMember } = await import('../../test-support/organisations');
    await seedMember(t.store, beta.organisationId, owner.userId, 'Commercial');
    await grantLicence(t, beta, owner.userId);
    const [ownerBeta] = (await opportunities(k, ownerInBeta, 1)) as [string];
    await waitingUntil(k, ownerInBeta, ownerBeta, paris(13, 12));
    // Beta's member turning it off changes nothing in Alpha.
    await k.post('/api/digest/preference/set', { ...k.as(ownerInBeta), enabled: false });
    expect((await k.post('/api/digest/preference/get', k.as(owner))).body.enabled).toBe(true);
    await k.post('/api/digest/preference/set', { ...k.as(ownerInBeta), enabled: true });

    const ownerEmail = await emailOf(t.store, owner.userId);
    const before = mailsTo(smtp, ownerEmail).length;
    t.clock.set(paris(14, 8));
    await t.app.locals.runDigest();
    const [alphaMail, betaMail] = mailsTo(smtp, ownerEmail)
      .slice(before)
      .sort((a, b) => a.subject.localeCompare(b.subject));
    expect(alphaMail?.subject).toBe('Vos relances du mardi 14 janvier 2025 – Société Alpha');
    expect(betaMail?.subject).toBe('Vos relances du mardi 14 janvier 2025 – Société Beta');
    expect(alphaMail?.text).toContain(ids.overdue);
    expect(alphaMail?.text).not.toContain(ownerBeta);
    expect(alphaMail?.text).not.toContain(betaOverdue);
    expect(betaMail?.text).toContain(ownerBeta);
    expect(betaMail?.text).not.toContain(betaOverdue); // Beta's owner's, not theirs
    expect(betaMail?.text).not.toContain(ids.overdue);
    const [betaOwnerMail] = mailsTo(smtp, await emailOf(t.store, beta.userId)).slice(-1);
    expect(betaOwnerMail?.text).toContain(betaOverdue);
    expect(betaOwnerMail?.text).not.toContain(ownerBeta);
    // Each link is scoped to its organisation: Beta's link turns off Beta's e-mail only.
    await request(t.app)
      .post(linkPath(unsubscribeLinkOf(betaMail as ReceivedMail)))
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect((await k.post('/api/digest/preference/get', k.as(ownerInBeta))).body.enabled).toBe(false);
    expect((await k.post('/api/digest/preference/get', k.as(owner))).body.enabled).toBe(true);
  });
});

describe('the morning e-mail’s hour across daylight-saving changes (Europe/Paris)', () => {
  it('is 8:00 on the wall clock the day before, on and after the last Sunday of March and of October', () => {
    const cases: [string, number, number][] = [
      // [day, last UTC minute before 8:00 in Paris, first UTC minute at 8:00 in Paris]
      ['2025-03-29', Date.UTC(2025, 2, 29, 6, 59), Date.UTC(2025, 2, 29, 7, 0)], // UTC+1
      ['2025-03-30', Date.UTC(2025, 2, 30, 5, 59), Date.UTC(2025, 2, 30, 6, 0)], // UTC+2 from 2:00
      ['2025-10-25', Date.UTC(2025, 9, 25, 5, 59), Date.UTC(2025, 9, 25, 6, 0)], // UTC+2
      ['2025-10-26', Date.UTC(2025, 9, 26, 6, 59), Date.UTC(2025, 9, 26, 7, 0)], // UTC+1 from 3:00
      ['2026-03-29', Date.UTC(2026, 2, 29, 5, 59), Date.UTC(2026, 2, 29, 6, 0)],
      ['2026-10-25', Date.UTC(2026, 9, 25, 6, 59), Date.UTC(2026, 9, 25, 7, 0)],
    ];
    for (const [day, before, at] of cases) {
      expect([day, digestDayOf(before, 'Europe/Paris')]).toMatchObject([day, { day, hour: 7 }]);
      expect([day, digestDayOf(at, 'Europe/Paris')]).toMatchObject([day, { day, hour: 8 }]);
    }
    // The 23- and 25-hour days start and end at Paris midnight.
    const march = digestDayOf(Date.UTC(2025, 2, 30, 12), 'Europe/Paris');
    expect([march.startOfToday, march.startOfTomorrow]).toEqual([
      Date.UTC(2025, 2, 29, 23),
      Date.UTC(2025, 2, 30, 22),
    ]);
    const october = digestDayOf(Date.UTC(2025, 9, 26, 12), 'Europe/Paris');
    expect([october.startOfToday, october.startOfTomorrow]).toEqual([
      Date.UTC(2025, 9, 25, 22),
      Date.UTC(2025, 9, 26, 23),
    ]);
  });

  it('sends at 8:00 Paris time, not an hour early or late, on both change days', async () => {
    const smtp = await startSmtpServer();
    const t = createTestApp({ smtpUrl: smtp.url });
    try {
      await t.app.locals.ready;
      const k = kit(t);
      // A follow-up overdue on each change day (the trial's licences last 14 days: set up close to each).
      for (const [setUp, due, before, at, day] of [
        [
          Date.UTC(2025, 2, 25, 9),
          Date.UTC(2025, 2, 26, 9),
          Date.UTC(2025, 2, 30, 5, 59),
          Date.UTC(2025, 2, 30, 6),
          '2025-03-30',
        ],
        [
          Date.UTC(2025, 9, 21, 9),
          Date.UTC(2025, 9, 22, 9),
          Date.UTC(2025, 9, 26, 6, 59),
          Date.UTC(2025, 9, 26, 7),
          '2025-10-26',
        ],
      ] as const) {
        t.clock.set(setUp);
        const owner = await k.owner(`Société ${day}`);
        const [id] = (await opportunities(k, owner, 1)) as [string];
        await waitingUntil(k, owner, id, due);
        const email = await emailOf(t.store, owner.userId);
        t.clock.set(before);
        expect(await t.app.locals.runDigest()).toMatchObject({ day, ran: false });
        expect(mailsTo(smtp, email)).toHaveLength(0);
        t.clock.set(at);
        expect(await t.app.locals.runDigest()).toMatchObject({ day, ran: true });
        expect(mailsTo(smtp, email)).toHaveLength(1);
      }
    } finally {
      t.app.locals.stop();
      await t.close();
      await smtp.close();
    }
  });
});

describe('exactly once with several apps on one DATA_DIR', () => {
  let shared: SharedStore;
  let smtp: TestSmtpServer;

  /** An API instance on its own connection to the shared store file, with its own mailer and clock. */
  function instance(clock: TestClock, options: { schedule?: boolean; smtpUrl?: string } = {}) {
    const mailer = createSmtpMailer({
      smtpUrl: options.smtpUrl ?? smtp.url,
      from: 'Prospection <no-reply@app.test>',
      logger: silent,
    });
    return shared.instance({ now: clock.now, mailer, digestSchedule: options.schedule ?? false });
  }

  beforeEach(async () => {
    shared = openSharedStore('digest-shared-', Date.now);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await shared.close();
    await smtp.close();
  });

  /** An organisation of an owner and two sellers, each with an overdue follow-up on the 6th. */
  async function seed(app: App, store: Store, clock: TestClock) {
    clock.set(paris(2, 10));
    const k = kit({ app, store } as TestApp);
    const owner = await k.owner('Société Partagée');
    const members = [owner, await k.member(owner), await k.member(owner)];
    for (const member of members) {
      const [id] = (await opportunities(k, member, 1)) as [string];
      await waitingUntil(k, member, id, paris(3, 9));
    }
    return Promise.all(members.map((member) => emailOf(store, member.userId)));
  }

  it('sends each member one e-mail when two apps check at the same moment, again and again', async () => {
    const clock = createClock();
    const first = await instance(clock);
    const second = await instance(clock);
    const emails = await seed(first.app, first.store, clock);
    clock.set(paris(6, 8));
    for (let round = 0; round < 3; round += 1)
      await Promise.all([
        first.app.locals.runDigest(),
        second.app.locals.runDigest(),
        first.app.locals.runDigest(),
      ]);
    for (const email of emails) expect([email, mailsTo(smtp, email).length]).toEqual([email, 1]);
    expect(smtp.received).toHaveLength(3);
    const sends = await second.store.collection<DigestSendDoc>('digestSends').find({});
    expect(sends.map((send) => [send.day, send.state, send.attempts])).toEqual([
      ['2025-01-06', 'sent', 1],
      ['2025-01-06', 'sent', 1],
      ['2025-01-06', 'sent', 1],
    ]);
  });

  it('catches up at start after being down at the hour, the same day only, never a past day', async () => {
    const clock = createClock();
    const before = await instance(clock);
    const emails = await seed(before.app, before.store, clock);
    // Down from the 4th in the evening until the 6th at 11:00: the 5th's e-mails are never sent.
    clock.set(paris(6, 11));
    await instance(clock, { schedule: true });
    for (const email of emails) await smtp.waitFor(email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(3);
    const days = (await before.store.collection<DigestSendDoc>('digestSends').find({})).map(
      (send) => send.day,
    );
    expect(new Set(days)).toEqual(new Set(['2025-01-06']));
    // Started again later the same day: nothing more.
    await instance(clock, { schedule: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(3);
  });

  it('starting before the hour sends nothing until the hour comes', async () => {
    const clock = createClock();
    const setUp = await instance(clock);
    await seed(setUp.app, setUp.store, clock);
    clock.set(paris(6, 7, 30));
    const started = await instance(clock, { schedule: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(0);
    clock.set(paris(6, 8));
    expect(await started.app.locals.runDigest()).toMatchObject({ sent: 3 });
  });

  it('marks the day done with the start of its first run, whichever process finishes it', async () => {
    const clock = createClock();
    const live = await instance(clock);
    await seed(live.app, live.store, clock);
    clock.set(paris(6, 8));
    const firstStart = clock.now();
    // The first run, on a process whose SMTP server is gone, leaves the day open.
    const broken = await instance(clock, { smtpUrl: 'smtp://127.0.0.1:9' });
    expect(await broken.app.locals.runDigest()).toMatchObject({ sent: 0, failed: 3 });
    const days = live.store.collection<{ _id: string; startedAt?: number; doneAt: number }>('digestDays');
    expect(await days.findOne({ _id: '2025-01-06' })).toBeNull();

    clock.advance(60 * 1000);
    expect(await live.app.locals.runDigest()).toMatchObject({ sent: 3 });
    expect(await days.findOne({ _id: '2025-01-06' })).toMatchObject({
      startedAt: firstStart,
      doneAt: firstStart + 60 * 1000,
    });
  });

  it('takes again the send of a process that died mid-send once its claim expires, and a send the mailer refused', async () => {
    const clock = createClock();
    const live = await instance(clock);
    const emails = await seed(live.app, live.store, clock);
    const users = live.store.collection<{ _id: string; email: string }>('users');
    const [deadId, refusedId] = await Promise.all(
      emails.slice(0, 2).map(async (email) => (await users.findOne({ email }))?._id as string),
    );
    const organisationId = (await live.store.collection<{ _id: string }>('organisations').findOne({}))
      ?._id as string;
    clock.set(paris(6, 8));
    // A process died between its claim and the mailer's answer, five minutes ago.
    await live.store.collection<DigestSendDoc>('digestSends').insertOne({
      organisationId,
      userId: deadId as string,
      day: '2025-01-06',
      state: 'sending',
      token: 'mort',
      claimedAt: clock.now() - 5 * 60 * 1000,
      until: clock.now() + 5 * 60 * 1000,
      attempts: 1,
    });
    // An app whose SMTP server is gone: its sends fail and are recorded as such.
    const broken = await instance(clock, { smtpUrl: 'smtp://127.0.0.1:9' });
    const failed = await broken.app.locals.runDigest();
    expect(failed).toMatchObject({ sent: 0, failed: 2 });
    expect(smtp.received).toHaveLength(0);

    // The healthy app: the failed ones go; the one held by the dead process waits for its claim to end.
    const retried = await live.app.locals.runDigest();
    expect(retried).toMatchObject({ sent: 2 });
    expect(mailsTo(smtp, emails[0] as string)).toHaveLength(0);
    expect(refusedId).toBeDefined();
    expect(mailsTo(smtp, emails[1] as string)).toHaveLength(1);
    clock.advance(6 * 60 * 1000);
    expect(await live.app.locals.runDigest()).toMatchObject({ sent: 1 });
    for (const email of emails) expect([email, mailsTo(smtp, email).length]).toEqual([email, 1]);
    const sends = await live.store.collection<DigestSendDoc>('digestSends').find({});
    expect(sends.every((send) => send.state === 'sent')).toBe(true);
    expect(sends.find((send) => send.userId === deadId)?.attempts).toBe(2);
    expect(await live.app.locals.runDigest()).toMatchObject({ sent: 0 });
  });
});
