// The organisation's audit log through its calls: newest first, filters, keyset pages, CSV, the
// permission, isolation between organisations, no call that changes or removes a record, the
// retention sweep (once a day across processes), sign-ins from a new browser, and the opportunity
// history telling the same change as the log.
import {
  type AuditPageReply,
  type AuditRecordView,
  OPPORTUNITY_STATE_LABELS,
  type OpportunityState,
} from '@app/domain';
import request from 'supertest';
import { newId } from '../../db/ids';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { otherAuditWriter } from '../../test-support/audit-writer';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test-support/test-app';
import type { AuditModule } from './module';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('audit log', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  /** A second writer on the same store, as another API process would be. */
  let other: AuditModule;

  const list = (who: Member, body: Record<string, unknown> = {}) =>
    k.post('/api/audit/list', { ...k.as(who), ...body });

  async function records(who: Member, body: Record<string, unknown> = {}): Promise<AuditRecordView[]> {
    const res = await list(who, body);
    if (res.status !== 200) throw new Error(`audit/list ${res.status}: ${JSON.stringify(res.body)}`);
    return (res.body as AuditPageReply).records;
  }

  const writer = () => otherAuditWriter(t);

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner('Société Historique');
    other = writer();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  it('lists what changed newest first, with who, what, before and after', async () => {
    const created = await k.post('/api/user/createRole', {
      ...k.as(owner),
      roleName: 'Assistante',
      binaryValue: '128',
    });
    expect(created.status).toBe(200);
    t.clock.advance(1000);
    const roleId = created.body.role._id as string;
    expect(
      (
        await k.post('/api/user/editRole', {
          ...k.as(owner),
          roleId,
          roleName: 'Assistante',
          binaryValue: String(128 + 512),
        })
      ).status,
    ).toBe(200);
    const [edit, creation] = await records(owner, { limit: 2 });
    expect(creation).toMatchObject({
      kind: 'roleCreated',
      actor: { _id: owner.userId, username: 'Dupont Marie' },
      subject: { type: 'role', id: roleId, label: 'Assistante' },
      after: { Nom: 'Assistante', Permissions: ['Voir les prospects'] },
    });
    expect(edit).toMatchObject({
      kind: 'permissionsChanged',
      before: { Permissions: ['Voir les prospects'] },
      after: { Permissions: ['Voir les prospects', 'Modifier un prospect'] },
    });
    expect((edit as AuditRecordView).at).toBeGreaterThan((creation as AuditRecordView).at);
  });

  it('pages any number of records with a cursor: every record once, newest first, ties by id', async () => {
    const organisation = await k.owner('Société Pages');
    // 130 records, many at the same instant (a hand-over of many opportunities writes such runs).
    for (let i = 0; i < 130; i += 1)
      await other.record({
        organisationId: organisation.organisationId,
        at: t.clock.now() - Math.floor(i / 10) * 1000,
        actorUserId: organisation.userId,
        kind: 'exported',
        subject: { type: 'export', id: organisation.organisationId, label: `Export ${i}` },
        details: { Lignes: i },
      });
    const seen: AuditRecordView[] = [];
    let after: unknown;
    let pages = 0;
    for (;;) {
      const res = await list(organisation, { limit: 50, kind: 'exported', ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      const reply = res.body as AuditPageReply;
      seen.push(...reply.records);
      pages += 1;
      if (!reply.next) break;
      after = reply.next;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(130);
    expect(new Set(seen.map((record) => record._id)).size).toBe(130);
    const order = seen.map((record) => [record.at, record._id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
    expect(order).toEqual(sorted);
  });

  it('filters by person, kind and period (calendar days, Paris time, both ends included)', async () => {
    const organisation = await k.owner('Société Filtres');
    const colleague = await k.member(organisation, 'Administrateur');
    const day = (iso: string) => Date.parse(`${iso}T12:00:00+01:00`);
    const add = (who: Member, kind: 'exported' | 'imported', at: number) =>
      other.record({
        organisationId: organisation.organisationId,
        at,
        actorUserId: who.userId,
        kind,
        subject: { type: 'export', id: organisation.organisationId, label: `${kind} ${at}` },
      });
    await add(organisation, 'exported', day('2024-03-01'));
    await add(colleague, 'exported', day('2024-03-02'));
    await add(colleague, 'imported', day('2024-03-03'));
    await add(organisation, 'imported', day('2024-03-05'));
    const labels = async (body: Record<string, unknown>) =>
      (await records(organisation, body)).map((record) => record.subject.label);
    expect(await labels({ userId: colleague.userId, from: '2024-03-01', to: '2024-03-31' })).toEqual([
      `imported ${day('2024-03-03')}`,
      `exported ${day('2024-03-02')}`,
    ]);
    expect(await labels({ kind: 'imported', from: '2024-03-01', to: '2024-03-31' })).toEqual([
      `imported ${day('2024-03-05')}`,
      `imported ${day('2024-03-03')}`,
    ]);
    expect(await labels({ from: '2024-03-02', to: '2024-03-03' })).toEqual([
      `imported ${day('2024-03-03')}`,
      `exported ${day('2024-03-02')}`,
    ]);
  });

  it('refuses bad filters with a French message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'everything' }, 'Type d’événement invalide'],
      [{ userId: 'nobody' }, 'Personne invalide'],
      [{ from: '2024-02-30' }, 'Date invalide : attendu AAAA-MM-JJ'],
      [{ from: '2024-03-05', to: '2024-03-01' }, 'La date de début doit précéder la date de fin'],
      [{ after: { at: 'hier', id: newId() } }, 'Position de page invalide'],
      [{ limit: 5000 }, 'Valeur invalide pour le champ limite'],
    ];
    for (const [body, message] of cases) {
      const res = await list(owner, body);
      expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
    }
  });

  it('exports the filtered records as CSV: byte-order mark, semicolons, formulas neutralised', async () => {
    const organisation = await k.owner('Société CSV');
    await other.record({
      organisationId: organisation.organisationId,
      actorUserId: organisation.userId,
      kind: 'prospectEdited',
      subject: { type: 'prospect', id: newId(), label: '=HYPERLINK("http://x","clic")' },
      before: { Téléphone: '0102030405' },
      after: { Téléphone: '+33102030405' },
    });
    const res = await k.post('/api/audit/export', { ...k.as(organisation), kind: 'prospectEdited' });
    expect(res.status).toBe(200);
    const csv = res.body.csvString as string;
    expect(res.body.count).toBe(1);
    expect(csv.startsWith('\uFEFF"Date";"Personne";"Type";"Objet";"Avant";"Après";"Détails"\r\n')).toBe(true);
    const line = csv.split('\r\n')[1] as string;
    expect(line).toContain(
      '"Dupont Marie";"Modification d’un prospect";"\'=HYPERLINK(""http://x"",""clic"")"',
    );
    expect(line).toContain('"Téléphone : 0102030405";"Téléphone : +33102030405"');
  });

  it('is refused without "Voir l\'historique" (524288), and a Manager holds it by default', async () => {
    const commercial = await k.member(owner, 'Commercial');
    for (const path of ['/api/audit/list', '/api/audit/export']) {
      const res = await k.post(path, k.as(commercial));
      expect([path, res.status, res.body.message]).toEqual([
        path,
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      ]);
    }
    const manager = await k.member(owner, 'Manager');
    expect((await list(manager)).status).toBe(200);
  });

  it("never shows an organisation's records to another, even when asked for its member", async () => {
    const beta = await k.owner('Société Beta');
    const alphaRecords = await records(owner);
    expect(alphaRecords.length).toBeGreaterThan(0);
    const betaRecords = await records(beta, { userId: owner.userId });
    expect(betaRecords).toEqual([]);
    const betaCsv = await k.post('/api/audit/export', { ...k.as(beta), userId: owner.userId });
    expect(betaCsv.body.count).toBe(0);
  });

  it('offers no call that changes or removes a record', () => {
    const auditRoutes = t.app.locals.apiRoutes.routes
      .map((route) => route.path)
      .filter((path) => path.startsWith('/api/audit/'));
    expect(auditRoutes.sort()).toEqual(['/api/audit/export', '/api/audit/list']);
  });

  it('removes records past retention once a day, whichever of two processes asks', async () => {
    const organisation = await k.owner('Société Rétention');
    const now = t.clock.now();
    const old = now - (t.config.auditRetentionDays + 1) * DAY_MS;
    const recent = now - (t.config.auditRetentionDays - 1) * DAY_MS;
    for (const at of [old, recent])
      await other.record({
        organisationId: organisation.organisationId,
        at,
        actorUserId: organisation.userId,
        kind: 'exported',
        subject: { type: 'export', id: organisation.organisationId, label: `Export ${at}` },
      });
    const second = writer();
    const [a, b] = await Promise.all([t.app.locals.sweepAudit(), second.sweep()]);
    // One swept; the other found the lease held or the day's sweep done.
    expect([a, b].filter((removed) => removed !== null)).toHaveLength(1);
    expect([a, b].find((removed) => removed !== null)).toBeGreaterThanOrEqual(1);
    const left = await records(organisation, { kind: 'exported' });
    expect(left.map((record) => record.at)).toEqual([recent]);
    // Later the same day: not again.
    t.clock.advance(DAY_MS - 60_000);
    expect(await second.sweep()).toBeNull();
    t.clock.advance(120_000);
    expect(await second.sweep()).not.toBeNull();
  });

  it('records a sign-in from a browser not seen before, in each of the member’s organisations, once', async () => {
    const organisation = await k.owner('Société Connexions');
    const user = await t.store
      .collection<{ _id: string; email: string }>('users')
      .findOne({ _id: organisation.userId });
    const login = (cookie?: string) =>
      request(t.app)
        .post('/api/login')
        .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')
        .set(cookie ? { Cookie: cookie } : {})
        .send({ email: user?.email, password: STRONG_PASSWORD });
    const signIns = async () => records(organisation, { kind: 'signInNewBrowser' });
    // A second organisation of the same member: its log gets the sign-in too.
    const second = await k.post('/api/organisation/create', {
      token: organisation.token,
      name: 'Société Seconde',
      phone: '0102030405',
    });
    const secondOrganisation = { ...organisation, organisationId: second.body.organisation._id as string };
    // Another organisation, of someone else: never.
    const stranger = await k.owner('Société Étrangère');

    const first = await login();
    expect(first.status).toBe(200);
    const cookie = (first.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
    expect(cookie).toMatch(/^prospection_navigateur=/);
    expect(await signIns()).toMatchObject([
      { actor: { _id: organisation.userId }, details: { Navigateur: 'Chrome sur Linux' } },
    ]);
    expect((await login(cookie)).status).toBe(200);
    expect(await signIns()).toHaveLength(1);
    expect((await login()).status).toBe(200);
    expect(await signIns()).toHaveLength(2);
    expect(await records(secondOrganisation, { kind: 'signInNewBrowser' })).toHaveLength(2);
    expect(await records(stranger, { kind: 'signInNewBrowser' })).toEqual([]);
  });

  it('tells a state change exactly as the opportunity history does (same time, author, before and after)', async () => {
    const organisation = await k.owner('Société États');
    const { excelId } = await k.loadOk(organisation, [rowOf(1)]);
    const page = await k.page(organisation, excelId);
    const created = await k.post('/api/opportunity/create', {
      ...k.as(organisation),
      prospectId: page.body.value[0]._id,
    });
    const opportunityId = created.body.opportunityId as string;
    t.clock.advance(60_000);
    expect((await k.post('/api/opportunity/setWin', { ...k.as(organisation), opportunityId })).status).toBe(
      200,
    );
    const detail = await k.post('/api/opportunity/get', { ...k.as(organisation), opportunityId });
    const line = (detail.body.opportunity.history as { at: number; from: string; to: string; kind: string }[])
      .filter((entry) => entry.kind === 'state')
      .at(-1);
    const [record] = await records(organisation, { kind: 'stateChanged' });
    expect(record).toMatchObject({
      at: line?.at,
      actor: { _id: organisation.userId },
      subject: { type: 'opportunity', id: opportunityId, label: 'Société 1' },
      before: OPPORTUNITY_STATE_LABELS[line?.from as OpportunityState],
      after: OPPORTUNITY_STATE_LABELS[line?.to as OpportunityState],
    });
    expect([line?.from, line?.to]).toEqual(['TODO', 'WIN']);
  });
});
