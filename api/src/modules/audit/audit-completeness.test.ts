// Audit completeness: every route that writes something that matters leaves its record, with who and
// what; every other writing route says here why it does not. A route added tomorrow fails the last
// test until it is put in one of the two tables (docs/decisions/audit-log.md).
import type { AuditKind, AuditPageReply, AuditRecordView } from '@app/domain';
import request from 'supertest';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test-support/test-app';

type Case = {
  path: string;
  kind: AuditKind;
  /** The body of the call (prepared with fresh objects), and what the record must say. */
  prepare: () => Promise<{ body: Record<string, unknown>; expected: Partial<AuditRecordView> }>;
  /** What the record must say of the reply (how many rows an export held). */
  verify?: (reply: Record<string, unknown>, record: AuditRecordView) => void;
};

/**
 * Writing routes that leave no record, and why. The bin's deletions and restorations are wired by
 * its own module ('deleted', 'restored').
 */
const NOT_RECORDED: Record<string, string> = {
  '/api/organisation/create': 'a new organisation: its log starts empty',
  '/api/organisation/rename': 'the name, shown everywhere; not a change of data or rights',
  '/api/organisation/leave': 'a member leaving by themself (their hand-over is recorded)',
  '/api/invitation/revoke': 'an unused link withdrawn: nothing changed in the organisation',
  '/api/prospect/import/start': 'an import under way (recorded when finished)',
  '/api/prospect/import/rows': 'an import under way (recorded when finished)',
  '/api/prospect/import/abort': 'an import given up: nothing was kept',
  '/api/prospect/import/enrichment': 'registry facts added to an import (its own notification)',
  '/api/prospect/createManual': 'a new prospect (its opportunity history starts with it)',
  // The opportunity history's lines are records too: creations and comments are in CASES.
  '/api/prospect/delete': 'moved to the bin: recorded by the bin as "deleted"',
  '/api/prospect/undoImport': 'moved to the bin: recorded by the bin as "deleted" (bin.test.ts)',
  '/api/prospect/deleteOne': 'moved to the bin: recorded by the bin as "deleted" (bin.test.ts)',
  '/api/opportunity/delete': 'moved to the bin: recorded by the bin as "deleted" (bin.test.ts)',
  '/api/bin/restore': 'recorded by the bin as "restored" (bin.test.ts)',
  '/api/opportunity/presence': 'who has a detail open: nothing changes',
  '/api/opportunity/presence/leave': 'who has a detail open: nothing changes',
  '/api/live/ticket': "a one-use ticket for the member's own live stream: nothing changes",
  '/api/prospect/setLatLng': 'a position looked up for the map',
  '/api/round/create': "a member's own round plan",
  '/api/round/update': "a member's own round plan",
  '/api/round/delete': "a member's own round plan",
  '/api/round/geocode': 'a position looked up for the map',
  '/api/notification/read': "a member's own notification read",
  '/api/notification/readAll': "a member's own notifications read",
  '/api/digest/preference/set': "a member's own e-mail preference",
  '/api/calendar/create': "a member's own calendar address",
  '/api/calendar/regenerate': "a member's own calendar address",
  '/api/stripe/createOwner': 'a checkout link: the subscription is recorded when it changes',
  '/api/stripe/newLicense': 'a checkout link: the subscription is recorded when it changes',
  '/api/stripe/getPortalLink': 'a link to the payment portal',
};

/** Calls that only read, by their name. */
const READS =
  /\/(get|getAll|getAllCount|getwithfilter|listWindow|list|status|unassigned|count|filters|files|salespeople|timeline|geography|settings|today|prices|getMainSub|getAllKey|getUsers|getRoles)$|\/get\/|\/audit\/export$/;

describe('audit completeness', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;

  async function ok<T>(path: string, body: Record<string, unknown>, who: Member = admin): Promise<T> {
    const res = await k.post(path, { ...k.as(who), ...body });
    if (res.status !== 200) throw new Error(`${path} ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  async function newest(kind: AuditKind): Promise<AuditRecordView | undefined> {
    const reply = await ok<AuditPageReply>('/api/audit/list', { kind, limit: 1 });
    return reply.records[0];
  }

  let rows = 0;
  async function opportunity(): Promise<{ opportunityId: string; name: string }> {
    rows += 1;
    const name = `Société ${rows}`;
    const { excelId } = await k.loadOk(admin, [rowOf(rows)], { name: `Fichier ${rows}` });
    const page = await k.page(admin, excelId);
    const { opportunityId } = await ok<{ opportunityId: string }>('/api/opportunity/create', {
      prospectId: page.body.value[0]._id,
    });
    return { opportunityId, name };
  }

  const stateCase = (
    path: string,
    after: string,
    extra: () => Record<string, unknown> = () => ({}),
  ): Case => ({
    path,
    kind: 'stateChanged',
    prepare: async () => {
      const { opportunityId, name } = await opportunity();
      return {
        body: { opportunityId, ...extra() },
        expected: { subject: { type: 'opportunity', id: opportunityId, label: name }, after },
      };
    },
  });

  /** A file of one fresh prospect, as the pool and the taking calls find it. */
  async function freshProspect(): Promise<{ prospectId: string; name: string }> {
    rows += 1;
    const { excelId } = await k.loadOk(admin, [rowOf(rows)], { name: `Fichier ${rows}` });
    const page = await k.page(admin, excelId);
    return { prospectId: page.body.value[0]._id as string, name: `Société ${rows}` };
  }
  const created = (reply: Record<string, unknown>, record: AuditRecordView) =>
    expect(record.subject).toMatchObject({ type: 'opportunity', id: reply.opportunityId });

  const CASES: Case[] = [
    {
      path: '/api/opportunity/create',
      kind: 'opportunityCreated',
      prepare: async () => {
        const { prospectId, name } = await freshProspect();
        return {
          body: { prospectId },
          expected: { subject: expect.objectContaining({ label: name }), after: 'A faire' },
        };
      },
      verify: created,
    },
    {
      path: '/api/opportunity/takeNext',
      kind: 'opportunityCreated',
      prepare: async () => {
        await freshProspect();
        return { body: {}, expected: { after: 'A faire' } };
      },
      verify: created,
    },
    {
      path: '/api/opportunity/addone',
      kind: 'opportunityCreated',
      prepare: async () => ({
        body: {
          data: {
            title: 'Boulangerie Martin',
            adresse: '1 rue de Rivoli',
            codePostale: '75001',
            ville: 'Paris',
            telephone: '0140000000',
            dateStatus: t.clock.now(),
            state2: 'WIN',
            contacts: [],
          },
        },
        expected: { subject: expect.objectContaining({ label: 'Boulangerie Martin' }), after: 'Gagné' },
      }),
      verify: created,
    },
    {
      path: '/api/messages/post',
      kind: 'commented',
      prepare: async () => {
        const { opportunityId, name } = await opportunity();
        const statuses = await ok<{ status: { _id: string; name: string }[] }>('/api/opportunity/status', {});
        const status = statuses.status[0];
        return {
          body: { opportunityId, message: 'Rappeler lundi', statusId: status?._id },
          expected: {
            subject: { type: 'opportunity', id: opportunityId, label: name },
            details: { Motif: `Commentaire (${status?.name ?? ''})` },
          },
        };
      },
    },
    stateCase('/api/opportunity/setWin', 'Gagné'),
    stateCase('/api/opportunity/setLoose', 'Perdu'),
    stateCase('/api/opportunity/setWaiting', 'En attente', () => ({ date: t.clock.now() + 86_400_000 })),
    {
      ...stateCase('/api/opportunity/setTodo', 'A faire'),
      prepare: async () => {
        const { opportunityId, name } = await opportunity();
        await ok('/api/opportunity/setWin', { opportunityId });
        return {
          body: { opportunityId },
          expected: { subject: { type: 'opportunity', id: opportunityId, label: name }, before: 'Gagné' },
        };
      },
    },
    {
      path: '/api/opportunity/assign',
      kind: 'handedOver',
      prepare: async () => {
        const { opportunityId } = await opportunity();
        return {
          body: { opportunityId, userId: seller.userId },
          expected: { before: { Responsable: 'Dupont Marie' }, after: { Responsable: 'Martin Paul' } },
        };
      },
    },
    {
      path: '/api/opportunity/updateProspect',
      kind: 'prospectEdited',
      prepare: async () => {
        const { opportunityId, name } = await opportunity();
        return {
          body: {
            opportunityId,
            data: { prospect: 'Nouveau Nom', codePostale: '75001', ville: 'Paris', contacts: [], custom: [] },
          },
          expected: {
            subject: { type: 'prospect', id: expect.any(String) as string, label: 'Nouveau Nom' },
            before: expect.objectContaining({ Prospect: name }) as AuditRecordView['before'],
            after: expect.objectContaining({ Prospect: 'Nouveau Nom' }) as AuditRecordView['after'],
          },
        };
      },
    },
    {
      path: '/api/opportunity/updateContractuelle',
      kind: 'contractEdited',
      prepare: async () => {
        const { opportunityId } = await opportunity();
        return {
          body: { opportunityId, data: { Prestataire_Actuelle: 'Concurrent SA' } },
          expected: {
            before: { Prestataire_Actuelle: '' },
            after: { Prestataire_Actuelle: 'Concurrent SA' },
          },
        };
      },
    },
    {
      path: '/api/prospect/load',
      kind: 'imported',
      prepare: async () => ({
        body: {
          name: 'Fichier chargé',
          isPrivate: false,
          value: { prospect: 'Raison sociale' },
          exel: [{ 'Raison sociale': 'Une' }, { 'Raison sociale': 'Deux' }, { 'Raison sociale': 'Trois' }],
        },
        expected: { subject: expect.objectContaining({ label: 'Fichier chargé' }), details: { Lignes: 3 } },
      }),
    },
    {
      path: '/api/prospect/import/finish',
      kind: 'imported',
      prepare: async () => {
        const importId = await k.start(admin, 2, { name: 'Grand fichier audité' });
        expect((await k.sendRows(admin, importId, 0, [rowOf(900), rowOf(901)])).status).toBe(200);
        return {
          body: { importId },
          expected: {
            subject: expect.objectContaining({ label: 'Grand fichier audité' }),
            details: { Lignes: 2 },
          },
        };
      },
    },
    {
      path: '/api/opportunity/export/filter',
      kind: 'exported',
      prepare: async () => {
        await opportunity();
        return { body: { filter: { state: 'all' }, startId: 0, endId: 500 }, expected: {} };
      },
      verify: (reply, record) => {
        // Lines of the file but its header and the final line end.
        const lines = (reply.csvString as string).split('\r\n').length - 2;
        expect(lines).toBeGreaterThan(0);
        expect(record.details).toEqual({ Lignes: lines });
      },
    },
    {
      path: '/api/organisation/exportData',
      kind: 'exported',
      prepare: async () => ({
        body: {},
        expected: {
          subject: expect.objectContaining({ label: 'Export des données de l’organisation' }),
          details: expect.objectContaining({ Collaborateurs: 2 }) as AuditRecordView['details'],
        },
      }),
    },
    {
      path: '/api/user/createRole',
      kind: 'roleCreated',
      prepare: async () => ({
        body: { roleName: 'Rôle créé', binaryValue: '128' },
        expected: { subject: expect.objectContaining({ label: 'Rôle créé' }) },
      }),
    },
    {
      path: '/api/user/editRole',
      kind: 'permissionsChanged',
      prepare: async () => {
        const { role } = await ok<{ role: { _id: string } }>('/api/user/createRole', {
          roleName: 'Rôle modifié',
          binaryValue: '128',
        });
        return {
          body: { roleId: role._id, roleName: 'Rôle modifié', binaryValue: '0' },
          expected: { before: { Nom: 'Rôle modifié', Permissions: ['Voir les prospects'] } },
        };
      },
    },
    {
      path: '/api/user/deleteRole',
      kind: 'roleDeleted',
      prepare: async () => {
        const { role } = await ok<{ role: { _id: string } }>('/api/user/createRole', {
          roleName: 'Rôle supprimé',
          binaryValue: '128',
        });
        return {
          body: { roleId: role._id },
          expected: { subject: { type: 'role', id: role._id, label: 'Rôle supprimé' } },
        };
      },
    },
    {
      path: '/api/user/changeRole',
      kind: 'roleAssigned',
      prepare: async () => {
        const { roles } = await ok<{ roles: { _id: string; name: string }[] }>('/api/user/getRoles', {});
        const manager = roles.find((role) => role.name === 'Manager');
        return {
          body: { userId: seller.userId, roleId: manager?._id },
          expected: {
            subject: expect.objectContaining({ label: 'Martin Paul' }),
            after: { Rôle: 'Manager' },
          },
        };
      },
    },
    {
      path: '/api/stripe/assignKey',
      kind: 'licenceWithdrawn',
      prepare: async () => {
        const { keys } = await ok<{ keys: { _id: string; userId?: string }[] }>('/api/stripe/getAllKey', {});
        const held = keys.find((key) => key.userId === seller.userId);
        return {
          body: { keyId: held?._id, userId: null },
          expected: { before: { Titulaire: 'Martin Paul' }, after: { Titulaire: '' } },
        };
      },
    },
    {
      path: '/api/stripe/assignKey',
      kind: 'licenceAssigned',
      prepare: async () => {
        const { keys } = await ok<{ keys: { _id: string; userId?: string; trial: boolean }[] }>(
          '/api/stripe/getAllKey',
          {},
        );
        const free = keys.find((key) => key.userId === undefined);
        return {
          body: { keyId: free?._id, userId: seller.userId },
          expected: { after: { Titulaire: 'Martin Paul' } },
        };
      },
    },
    {
      path: '/api/invitation/create',
      kind: 'invitationSent',
      prepare: async () => ({
        body: { invitationEmail: 'invitee.audit@exemple.fr' },
        expected: { subject: expect.objectContaining({ label: 'invitee.audit@exemple.fr' }) },
      }),
    },
    {
      path: '/api/invitation/resend',
      kind: 'invitationSent',
      prepare: async () => {
        const { invitations } = await ok<{ invitations: { _id: string }[] }>('/api/invitation/list', {});
        return { body: { invitationId: invitations[0]?._id }, expected: { details: { Renvoi: true } } };
      },
    },
    {
      path: '/api/stripe/save',
      kind: 'subscriptionChanged',
      prepare: async () => {
        const res = await k.post('/api/stripe/createOwner', { ...k.as(admin), product: 'demo_1_monthly' });
        expect(res.status).toBe(200);
        const paid = await request(t.app)
          .post(new URL(res.body.link as string).pathname)
          .type('form')
          .send({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
        expect(paid.status).toBe(303);
        const sessionId = new URL(paid.headers.location as string).searchParams.get('session_id');
        return {
          body: { session_id: sessionId },
          expected: {
            actor: null,
            before: null,
            after: expect.objectContaining({ Sièges: 1 }) as AuditRecordView['after'],
          },
        };
      },
    },
    {
      path: '/api/user/remove',
      kind: 'collaboratorRemoved',
      prepare: async () => {
        const leaving = await k.member(admin, 'Commercial');
        return {
          body: { userId: leaving.userId, reassignTo: admin.userId },
          expected: {
            subject: { type: 'member', id: leaving.userId, label: 'Martin Paul' },
            details: { 'Opportunités reprises par': 'Dupont Marie' },
          },
        };
      },
    },
  ];

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    admin = await k.owner('Société Complète');
    seller = await k.member(admin, 'Commercial');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  it.each(CASES.map((entry) => [entry.path, entry.kind, entry] as const))(
    '%s records "%s" with its author and subject',
    async (path, kind, entry) => {
      const before = await newest(kind);
      const { body, expected } = await entry.prepare();
      t.clock.advance(1000);
      const reply = await ok<Record<string, unknown>>(path, body);
      const record = await newest(kind);
      expect(record?._id).not.toBe(before?._id);
      expect(record).toMatchObject({
        kind,
        actor: { _id: admin.userId, username: 'Dupont Marie' },
        ...expected,
      });
      entry.verify?.(reply, record as AuditRecordView);
    },
  );

  it('/api/login from a new browser records "signInNewBrowser"', async () => {
    const user = await t.store
      .collection<{ _id: string; email: string }>('users')
      .findOne({ _id: admin.userId });
    const res = await request(t.app)
      .post('/api/login')
      .send({ email: user?.email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(await newest('signInNewBrowser')).toMatchObject({ actor: { _id: admin.userId } });
  });

  it('classifies every writing route: recorded above, or not recorded with a reason', () => {
    const recorded = new Set([...CASES.map((entry) => entry.path), '/api/login']);
    const writing = t.app.locals.apiRoutes.routes
      .filter((route) => route.access === 'organisation' && !READS.test(route.path))
      .map((route) => route.path);
    const unclassified = writing.filter((path) => !recorded.has(path) && !(path in NOT_RECORDED));
    expect(unclassified).toEqual([]);
    // And the exceptions are real routes (a renamed route does not hide behind an old entry).
    const known = new Set(t.app.locals.apiRoutes.routes.map((route) => route.path));
    expect(Object.keys(NOT_RECORDED).filter((path) => !known.has(path))).toEqual([]);
  });
});
