// The notification centre through the API: each producer's notification (text and link), each one
// once, per member and per organisation, behind the licence gate, read one or all; and the day's
// agenda ("Aujourd'hui"). docs/decisions/notifications.md.
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { createMailer } from '../../mail/create-mailer';
import { useMailingTestApp } from '../../test-support/mailing-app';
import { grantLicence } from '../../test-support/licences';
import { seedMember } from '../../test-support/organisations';
import { startRegistryFake } from '../../test-support/registry-fake';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** prospects/import-service.ts IMPORT_IDLE_MS: an import without a batch for this long is abandoned. */
const IMPORT_IDLE_MS = 30 * 60 * 1000;

type View = { _id: string; kind: string; text: string; link: string; createdAt: number; read: boolean };

describe('notifications', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let seller: Member;
  let other: Member;

  const list = async (who: Member, extra: Record<string, unknown> = {}) => {
    const res = await k.post('/api/notification/list', { ...k.as(who), ...extra });
    expect(res.status).toBe(200);
    return res.body as { notifications: View[]; total: number; unread: number };
  };
  const unread = async (who: Member) => {
    const res = await k.post('/api/notification/count', k.as(who));
    expect(res.status).toBe(200);
    return res.body.unread as number;
  };
  const readAll = (who: Member) => k.post('/api/notification/readAll', k.as(who));
  /** An opportunity of `who` made from a new one-row file. */
  async function opportunity(who: Member, name: string): Promise<string> {
    const { excelId } = await k.loadOk(who, [
      rowOf(Math.floor(Math.random() * 1e6), { 'Raison sociale': name }),
    ]);
    const page = await k.page(who, excelId);
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId: page.body.value[0]._id });
    expect(res.status).toBe(200);
    return res.body.opportunityId as string;
  }

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner('Organisation Alpha');
    seller = await k.member(owner, 'Commercial');
    other = await k.owner('Organisation Beta');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });
  beforeEach(async () => {
    for (const who of [owner, seller, other]) await readAll(who);
  });

  it('tells the importer their import finished, with a link to the file, and nobody else', async () => {
    const before = (await list(seller)).total;
    const { excelId } = await k.loadOk(owner, [rowOf(1), rowOf(2), rowOf(3)], { name: 'Salons 2025' });
    const { notifications, unread: count } = await list(owner);
    expect(notifications[0]).toMatchObject({
      kind: 'importFinished',
      text: 'Import terminé : « Salons 2025 » (3 prospects)',
      link: `/dashboard/prospect/show/${excelId}`,
      read: false,
    });
    expect(count).toBe(1);
    expect(await unread(owner)).toBe(1);
    expect((await list(seller)).total).toBe(before);
  });

  it('tells the importer an import left unfinished failed, once, when it is swept', async () => {
    const importId = await k.start(owner, 100);
    await k.sendRows(owner, importId, 0, [rowOf(10), rowOf(11)]);
    const saved = t.clock.now();
    t.clock.advance(IMPORT_IDLE_MS + t.config.importStartGraceMs + 1);
    const logger = pino({ level: 'silent' });
    // A second API process starting on the same store sweeps the abandoned import.
    const restarted = createApp(t.config, {
      store: t.store,
      mailer: createMailer(t.config, logger),
      logger,
      now: t.clock.now,
    });
    await restarted.locals.ready;
    restarted.locals.stop();
    const failed = (await list(owner)).notifications.filter((n) => n.kind === 'importFailed');
    expect(failed).toEqual([
      expect.objectContaining({
        text: 'Échec de l’import « Grand fichier » : aucun prospect n’a été enregistré',
        link: '/dashboard/prospect/list',
      }),
    ]);
    t.clock.set(saved);
  });

  it('tells a member a follow-up came due, once, linking to the opportunity as "A faire"', async () => {
    const id = await opportunity(seller, 'Boulangerie Martin');
    await readAll(seller);
    const res = await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + HOUR,
    });
    expect(res.status).toBe(200);
    expect(await unread(seller)).toBe(0);
    t.clock.advance(HOUR + 1);
    expect(await unread(seller)).toBe(1);
    // Asked again (another poll, another process): still one.
    expect(await unread(seller)).toBe(1);
    const [first] = (await list(seller)).notifications;
    expect(first).toMatchObject({
      kind: 'followUpDue',
      text: 'Relance à faire : Boulangerie Martin',
      link: `/dashboard/opportunity/${id}?type=todo`,
    });
    // The owner of the organisation is not the one to call back.
    expect(await unread(owner)).toBe(0);
  });

  it('tells the member an opportunity was handed to them, not the one who handed it', async () => {
    const id = await opportunity(owner, 'Garage Central');
    await readAll(owner);
    const res = await k.post('/api/opportunity/assign', {
      ...k.as(owner),
      opportunityId: id,
      userId: seller.userId,
    });
    expect(res.status).toBe(200);
    expect((await list(seller)).notifications[0]).toMatchObject({
      kind: 'handedOver',
      text: 'Dupont Marie vous a confié l’opportunité Garage Central',
      link: `/dashboard/opportunity/${id}?type=all`,
    });
    expect(await unread(owner)).toBe(0);
  });

  it('tells the member who takes over a leaving colleague’s opportunities', async () => {
    const leaving = await k.member(owner, 'Commercial');
    for (const name of ['Café de la Gare', 'Hôtel du Lac']) await opportunity(leaving, name);
    await readAll(seller);
    const res = await k.post('/api/user/remove', {
      ...k.as(owner),
      userId: leaving.userId,
      reassignTo: seller.userId,
    });
    expect(res.status).toBe(200);
    expect((await list(seller)).notifications[0]).toMatchObject({
      kind: 'handedOver',
      text: 'Vous reprenez les 2 opportunités de Martin Paul',
      link: '/dashboard/opportunity/list/all',
    });
  });

  it('writes a follow-up come due once when two API processes on one store are asked at the same time', async () => {
    const id = await opportunity(seller, 'Fleuriste des Halles');
    await unread(seller);
    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + HOUR,
    });
    await readAll(seller);
    t.clock.advance(HOUR + 1);
    const logger = pino({ level: 'silent' });
    const second = createApp(t.config, {
      store: t.store,
      mailer: createMailer(t.config, logger),
      logger,
      now: t.clock.now,
    });
    await second.locals.ready;
    try {
      const ask = (target: typeof t.app) =>
        request(target).post('/api/notification/count').send(k.as(seller));
      const answers = await Promise.all([ask(t.app), ask(second), ask(t.app), ask(second)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const due = (await list(seller)).notifications.filter(
        (n) => n.kind === 'followUpDue' && n.link.includes(id),
      );
      expect(due).toHaveLength(1);
      expect(await unread(seller)).toBe(1);
    } finally {
      second.locals.stop();
    }
  });

  it('tells the owner of an opportunity its renewal brings it back as "A faire"', async () => {
    const id = await opportunity(seller, 'Pharmacie du Parc');
    await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: id });
    const end = new Date(t.clock.now() + 91 * DAY).toISOString().slice(0, 10);
    const saved = await k.post('/api/opportunity/updateContractuelle', {
      ...k.as(seller),
      opportunityId: id,
      data: { "Type_D'investissement": 'location', Date_previsionelle_fin_de_contrat: end },
    });
    expect(saved.status).toBe(200);
    await readAll(seller);
    const before = t.clock.now();
    t.clock.advance(2 * DAY);
    // Reading the opportunity applies the due renewal (as the hourly sweep does).
    await k.post('/api/opportunity/get', { ...k.as(seller), opportunityId: id });
    const renewal = (await list(seller)).notifications.filter((n) => n.kind === 'renewalDue');
    expect(renewal).toEqual([
      expect.objectContaining({
        text: 'Renouvellement à préparer : Pharmacie du Parc revient en « A faire »',
        link: `/dashboard/opportunity/${id}?type=todo`,
      }),
    ]);
    t.clock.set(before);
  });

  it('lists newest first, a page at a time, and marks one or all read', async () => {
    for (const i of [1, 2, 3]) await k.loadOk(owner, [rowOf(100 + i)], { name: `Fichier ${i}` });
    const page = await list(owner, { offset: 0, limit: 2 });
    expect(page.notifications.map((n) => n.text)).toEqual([
      'Import terminé : « Fichier 3 » (1 prospect)',
      'Import terminé : « Fichier 2 » (1 prospect)',
    ]);
    expect(page.unread).toBe(3);
    const next = await list(owner, { offset: 2, limit: 2 });
    expect(next.notifications[0]?.text).toBe('Import terminé : « Fichier 1 » (1 prospect)');

    const one = await k.post('/api/notification/read', {
      ...k.as(owner),
      notificationId: page.notifications[0]?._id,
    });
    expect(one.body).toEqual({ unread: 2 });
    expect((await list(owner, { limit: 1 })).notifications[0]?.read).toBe(true);
    expect((await readAll(owner)).body).toEqual({ unread: 0 });
    expect(await unread(owner)).toBe(0);
  });

  it('never shows or changes a notification of another member or organisation', async () => {
    await k.loadOk(owner, [rowOf(200)], { name: 'Fichier Alpha' });
    const [mine] = (await list(owner)).notifications;
    for (const stranger of [other, seller]) {
      const res = await k.post('/api/notification/read', { ...k.as(stranger), notificationId: mine?._id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Notification introuvable');
    }
    expect((await list(other)).notifications.some((n) => n._id === mine?._id)).toBe(false);
    expect(await unread(owner)).toBe(1);
    // The same person in another organisation: the other organisation's notifications only.
    await seedMember(t.store, other.organisationId, owner.userId, 'Commercial');
    await grantLicence(t, other, owner.userId);
    const ownerInBeta = { ...owner, organisationId: other.organisationId };
    const inBeta = await list(ownerInBeta);
    expect(inBeta.notifications.map((n) => n.text)).not.toContain(
      'Import terminé : « Fichier Alpha » (1 prospect)',
    );
    expect(inBeta.unread).toBe(0);
    expect((await list(owner)).notifications[0]?.text).toBe(
      'Import terminé : « Fichier Alpha » (1 prospect)',
    );
  });

  it('sends a member without a licence to /dashboard/nosub (269), like every prospecting call', async () => {
    const user = await signUp(t.app, undefined, 'Sans Licence');
    const users = t.store.collection<{ _id: string; email: string }>('users');
    const userId = (await users.findOne({ email: user.email }))?._id as string;
    await seedMember(t.store, owner.organisationId, userId, 'Commercial');
    for (const path of ['/api/notification/count', '/api/notification/list', '/api/agenda/today']) {
      const res = await request(t.app)
        .post(path)
        .send({ token: user.token, organisationId: owner.organisationId });
      expect([path, res.status, res.body]).toEqual([path, 269, { redirect: '/dashboard/nosub' }]);
    }
  });

  it('refuses a bad page or id with a French message', async () => {
    const page = await k.post('/api/notification/list', { ...k.as(owner), limit: 0 });
    expect([page.status, page.body.message]).toEqual([400, 'Valeur invalide pour le champ limite']);
    const read = await k.post('/api/notification/read', { ...k.as(owner), notificationId: 'pas-un-id' });
    expect([read.status, read.body.message]).toEqual([400, 'Valeur invalide pour le champ notification']);
  });

  it('lists the member’s follow-ups due today and overdue, oldest first, in "Aujourd’hui"', async () => {
    const member = await k.member(owner, 'Commercial');
    const ids: Record<string, string> = {};
    for (const name of ['Due hier', 'Due il y a 3 jours', 'Due ce soir', 'Due demain'])
      ids[name] = await opportunity(member, name);
    const start = t.clock.now();
    const waiting = (name: string, at: number) =>
      k.post('/api/opportunity/setWaiting', { ...k.as(member), opportunityId: ids[name], date: at });
    // Dates are set in the future, then the clock moves on.
    await waiting('Due il y a 3 jours', start + HOUR);
    await waiting('Due hier', start + 2 * DAY + HOUR);
    await waiting('Due ce soir', start + 3 * DAY + 8 * HOUR);
    await waiting('Due demain', start + 4 * DAY + HOUR);
    const colleague = await opportunity(seller, 'Pas à moi');
    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: colleague,
      date: start + HOUR,
    });
    t.clock.set(start + 3 * DAY + 2 * HOUR);
    const res = await k.post('/api/agenda/today', k.as(member));
    expect(res.status).toBe(200);
    expect(
      res.body.items.map((item: { prospect: { prospect: string }; overdueDays: number }) => [
        item.prospect.prospect,
        item.overdueDays,
      ]),
    ).toEqual([
      ['Due il y a 3 jours', 3],
      ['Due hier', 1],
      ['Due ce soir', 0],
    ]);
    expect(res.body.total).toBe(3);
    // A state change takes it off the agenda.
    await k.post('/api/opportunity/setWin', { ...k.as(member), opportunityId: ids['Due hier'] });
    const after = await k.post('/api/agenda/today', k.as(member));
    expect(after.body.items.map((item: { _id: string }) => item._id)).not.toContain(ids['Due hier']);
    t.clock.set(start);
  });
});

describe('notifications of invitations', () => {
  const api = useMailingTestApp();

  it('tells the inviter their invitation was accepted, with a link to the settings', async () => {
    const t = { app: api.app, store: api.store, clock: api.clock } as unknown as TestApp;
    const k = kit(t);
    const admin = await k.owner('Organisation Invitante');
    const email = `invitee.${Date.now()}@exemple.fr`;
    await api.post('/api/invitation/create', { ...k.as(admin), invitationEmail: email });
    const mail = await api.smtp.waitFor(email);
    const id = /\/invitation\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const invitee = await signUp(api.app, email, 'Bernard Luc');
    expect((await api.post(`/api/invitation/join/${id}`, { token: invitee.token })).status).toBe(200);
    const res = await api.post('/api/notification/list', k.as(admin));
    expect(res.body.notifications[0]).toMatchObject({
      kind: 'invitationAccepted',
      text: 'Bernard Luc a accepté votre invitation',
      link: '/dashboard/prospect/settings',
    });
  });
});

describe('notifications of enrichments', () => {
  it('tells the importer their file’s enrichment ended, and when the registry was down', async () => {
    const fake = await startRegistryFake({ failWith: 503 });
    const t = createTestApp({ env: { COMPANY_REGISTRY_URL: fake.url, COMPANY_REGISTRY_RETRIES: '0' } });
    try {
      await t.app.locals.ready;
      const k = kit(t);
      const admin = await k.owner('Organisation Enrichie');
      const { excelId } = await k.loadOk(admin, [rowOf(1, { Siret: '41235874900015' })], {
        name: 'Fichier SIRET',
      });
      const expected = {
        kind: 'enrichmentDone',
        text: 'Enrichissement interrompu : « Fichier SIRET » (registre des entreprises indisponible)',
        link: `/dashboard/prospect/show/${excelId}`,
      };
      // The enrichment runs in the background: its notification comes when it ends.
      for (;;) {
        const res = await k.post('/api/notification/list', k.as(admin));
        const found = (res.body.notifications as View[]).find((n) => n.kind === 'enrichmentDone');
        if (found) {
          expect(found).toMatchObject(expected);
          break;
        }
        await sleep(50);
      }
    } finally {
      t.app.locals.stop();
      await t.close();
      await fake.stop();
    }
  });
});
