// Licences: the trial of a new organisation, getAllKey/assignKey, and the licence gate of the
// prospecting calls (269 to /dashboard/nosub, or /dashboard/subscription for an owner whose trial ended).
import { PERMISSION } from '@app/domain';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { PAID_UNTIL } from '../../test-support/licences';
import { markAccessChanged } from '../../test-support/organisations';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import type { LicenceDoc, TrialDoc } from './repository';

const DAY = 24 * 60 * 60 * 1000;
type Key = { _id: string; userId?: string; plan: number; period: string; renewalAt: number; trial: boolean };

function setUp(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; k: ReturnType<typeof kit> };
  beforeAll(async () => {
    ctx.t = createTestApp({ env });
    await ctx.t.app.locals.ready;
    ctx.k = kit(ctx.t);
  });
  afterAll(async () => {
    ctx.t.app.locals.stop();
    await ctx.t.close();
  });
  return ctx;
}

describe('licences', () => {
  const ctx = setUp();
  const keysOf = async (who: Member) => {
    const res = await ctx.k.post('/api/stripe/getAllKey', ctx.k.as(who));
    expect(res.status).toBe(200);
    return res.body as { keys: Key[]; userId: string };
  };
  const assign = (who: Member, keyId: string, userId: string | null) =>
    ctx.k.post('/api/stripe/assignKey', { ...ctx.k.as(who), keyId, userId });
  /** A member whose licence the owner took back: in the organisation, without a licence. */
  async function unlicensed(owner: Member): Promise<Member> {
    const member = await ctx.k.member(owner);
    const held = (await keysOf(owner)).keys.find((key) => key.userId === member.userId);
    expect((await assign(owner, held?._id as string, null)).status).toBe(200);
    return member;
  }

  it('starts a new organisation on a 14-day trial with 3 licences, one held by its owner', async () => {
    const owner = await ctx.k.owner();
    const { keys, userId } = await keysOf(owner);
    expect(userId).toBe(owner.userId);
    expect(keys).toHaveLength(3);
    const trialEnd = ctx.t.clock.now() + 14 * DAY;
    expect(keys[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: owner.userId,
      plan: 4,
      period: 'trial',
      renewalAt: trialEnd,
      trial: true,
    });
    expect(keys.slice(1).map((key) => key.userId)).toEqual([undefined, undefined]);

    const organisations = await ctx.k.post('/api/organisation/get', { token: owner.token });
    expect(organisations.body.organisations[0].licence).toEqual({ hasLicence: true, trialEndsAt: trialEnd });
  });

  it('sends a member without a licence to /dashboard/nosub on every prospecting call, and leaves settings and account calls open', async () => {
    const owner = await ctx.k.owner();
    const member = await unlicensed(owner);
    for (const [path, body] of [
      ['/api/prospect/get/all', {}],
      ['/api/opportunity/getAllCount', {}],
      ['/api/opportunity/getwithfilter', { filter: { state: 'all' }, startId: 0, endId: 500 }],
      ['/api/opportunity/export/filter', { filter: { state: 'all' }, startId: 0, endId: 10 }],
      ['/api/messages/post', { opportunityId: 'a'.repeat(24), message: 'Bonjour', statusId: 'b'.repeat(24) }],
    ] as const) {
      const res = await ctx.k.post(path, { ...ctx.k.as(member), ...body });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 269,
        body: { redirect: '/dashboard/nosub' },
      });
    }
    expect((await ctx.k.post('/api/organisation/getUsers', ctx.k.as(member))).status).toBe(200);
    expect((await ctx.k.post('/api/stripe/getAllKey', ctx.k.as(member))).status).toBe(200);
    expect((await ctx.k.post('/api/account/get', { token: member.token })).status).toBe(200);
    const organisations = await ctx.k.post('/api/organisation/get', { token: member.token });
    expect(organisations.body.organisations[0].licence).toMatchObject({ hasLicence: false });
  });

  it('lets only licensed members take the organisation’s data out, and the owner even after the trial', async () => {
    const owner = await ctx.k.owner();
    const exporter = await ctx.k.member(owner, 'Exportateur', String(PERMISSION.EXPORT_PROSPECTS));
    const exportData = (who: Member) => ctx.k.post('/api/organisation/exportData', ctx.k.as(who));
    expect((await exportData(exporter)).status).toBe(200);
    const held = (await keysOf(owner)).keys.find((key) => key.userId === exporter.userId) as Key;
    expect((await assign(owner, held._id, null)).status).toBe(200);
    const refused = await exportData(exporter);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 269,
      body: { redirect: '/dashboard/nosub' },
    });

    // The trial is over: every prospecting call sends the owner to the plans, the data export does not.
    ctx.t.clock.advance(15 * DAY);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(owner))).status).toBe(269);
    const own = await exportData(owner);
    expect(own.status).toBe(200);
    expect(own.body.files.length).toBeGreaterThan(0);
    ctx.t.clock.advance(-15 * DAY);
  });

  it('lets a member in on the next call once a licence is assigned, without signing in again', async () => {
    const owner = await ctx.k.owner();
    const member = await unlicensed(owner);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(member))).status).toBe(269);
    const free = (await keysOf(owner)).keys.find((key) => key.userId === undefined) as Key;
    const res = await assign(owner, free._id, member.userId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Licence attribué avec succès' });
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(member))).status).toBe(200);

    expect((await assign(owner, free._id, null)).status).toBe(200);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(member))).status).toBe(269);
  });

  it('gives a member at most one licence per organisation', async () => {
    const owner = await ctx.k.owner();
    const member = await ctx.k.member(owner);
    const free = (await keysOf(owner)).keys.find((key) => key.userId === undefined) as Key;
    const res = await assign(owner, free._id, member.userId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cet utilisateur a déjà une licence dans cette organisation');
    expect((await keysOf(owner)).keys.filter((key) => key.userId === member.userId)).toHaveLength(1);
  });

  it('refuses to take away or hand on the licence the caller holds', async () => {
    const owner = await ctx.k.owner();
    const member = await unlicensed(owner);
    const own = (await keysOf(owner)).keys[0] as Key;
    for (const userId of [null, member.userId]) {
      const res = await assign(owner, own._id, userId);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Vous ne pouvez pas retirer la licence que vous utilisez');
    }
    expect((await keysOf(owner)).keys[0]?.userId).toBe(owner.userId);
  });

  it('answers another organisation’s licence or user exactly like an unknown one', async () => {
    const owner = await ctx.k.owner();
    const other = await ctx.k.owner('Société Bêta');
    const otherKey = (await keysOf(other)).keys[1] as Key;
    const free = (await keysOf(owner)).keys[1] as Key;
    const member = await unlicensed(owner);

    const foreignKey = await assign(owner, otherKey._id, member.userId);
    const unknownKey = await assign(owner, 'c'.repeat(24), member.userId);
    expect([foreignKey.status, foreignKey.body.message]).toEqual([404, 'Licence introuvable']);
    expect([unknownKey.status, unknownKey.body.message]).toEqual([404, 'Licence introuvable']);

    const foreignUser = await assign(owner, free._id, other.userId);
    const unknownUser = await assign(owner, free._id, 'd'.repeat(24));
    expect([foreignUser.status, foreignUser.body.message]).toEqual([404, 'Utilisateur introuvable']);
    expect([unknownUser.status, unknownUser.body.message]).toEqual([404, 'Utilisateur introuvable']);
    expect((await keysOf(other)).keys[1]?.userId).toBeUndefined();
  });

  it('needs "Modifier les permissions" to assign, and a valid body', async () => {
    const owner = await ctx.k.owner();
    const seller = await ctx.k.member(owner);
    const free = (await keysOf(owner)).keys.find((key) => key.userId === undefined) as Key;
    const refused = await assign(seller, free._id, seller.userId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Vous n’avez pas les droits nécessaires pour cette action');

    const bad = await ctx.k.post('/api/stripe/assignKey', { ...ctx.k.as(owner), keyId: { $gt: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Valeur invalide pour le champ licence');
  });

  it('shows a licence given or taken back through one API instance on the next call to another', async () => {
    const owner = await ctx.k.owner();
    const member = await ctx.k.member(owner);
    // A second process on the same store, which has read the organisation's licences already.
    const other = createApp(ctx.t.config, {
      store: ctx.t.store,
      mailer: ctx.t.mailer,
      logger: pino({ level: 'silent' }),
      now: ctx.t.clock.now,
    });
    await other.locals.ready;
    const onOther = (path: string, who: Member) => request(other).post(path).send(ctx.k.as(who));
    const licenceOf = async (userId: string) =>
      (
        (await onOther('/api/organisation/getUsers', owner)).body.users as {
          _id: string;
          licenceId?: string;
        }[]
      ).find((user) => user._id === userId)?.licenceId;
    expect((await onOther('/api/opportunity/getAllCount', member)).status).toBe(200);
    const held = await licenceOf(member.userId);
    expect(held).toEqual(expect.any(String));

    expect((await assign(owner, held as string, null)).status).toBe(200);
    expect((await onOther('/api/opportunity/getAllCount', member)).body).toEqual({
      redirect: '/dashboard/nosub',
    });
    expect(await licenceOf(member.userId)).toBeUndefined();

    expect((await assign(owner, held as string, member.userId)).status).toBe(200);
    expect((await onOther('/api/opportunity/getAllCount', member)).status).toBe(200);
    expect(await licenceOf(member.userId)).toBe(held);
    other.locals.stop();
  });

  it('gives an organisation created before licences existed its trial the first time it is read', async () => {
    const owner = await ctx.k.owner();
    await ctx.t.store.collection<LicenceDoc>('licences').deleteMany({ organisationId: owner.organisationId });
    await ctx.t.store
      .collection<TrialDoc>('licenceTrials')
      .deleteMany({ organisationId: owner.organisationId });
    // Read by a process that never saw its trial (the one above keeps the trials it has read).
    const restarted = createApp(ctx.t.config, {
      store: ctx.t.store,
      mailer: ctx.t.mailer,
      logger: pino({ level: 'silent' }),
      now: ctx.t.clock.now,
    });
    await restarted.locals.ready;
    const call = (path: string) => request(restarted).post(path).send(ctx.k.as(owner));
    expect((await call('/api/opportunity/getAllCount')).status).toBe(200);
    const { keys } = (await call('/api/stripe/getAllKey')).body as { keys: Key[] };
    restarted.locals.stop();
    expect(keys).toHaveLength(3);
    expect(keys[0]?.userId).toBe(owner.userId);
  });
});

describe('when the trial ends', () => {
  const ctx = setUp();

  it('sends the owner without a subscription to /dashboard/subscription and members to /dashboard/nosub, until a paid licence is assigned', async () => {
    const owner = await ctx.k.owner();
    const member = await ctx.k.member(owner);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(owner))).status).toBe(200);

    ctx.t.clock.advance(14 * DAY + 1);
    const asOwner = await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(owner));
    expect([asOwner.status, asOwner.body]).toEqual([269, { redirect: '/dashboard/subscription' }]);
    const asMember = await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(member));
    expect([asMember.status, asMember.body]).toEqual([269, { redirect: '/dashboard/nosub' }]);
    const organisations = await ctx.k.post('/api/organisation/get', { token: owner.token });
    expect(organisations.body.organisations[0].licence).toMatchObject({ hasLicence: false });

    // What billing will do when a licence is bought: a paid key; the owner takes it (their expired
    // trial key is given back on the way).
    const { insertedId } = await ctx.t.store.collection<LicenceDoc>('licences').insertOne({
      organisationId: owner.organisationId,
      plan: 2,
      period: 'monthly',
      renewalAt: PAID_UNTIL,
      trial: false,
      createdAt: ctx.t.clock.now(),
    });
    // As the licences repository does after each write.
    await markAccessChanged(ctx.t.store, owner.organisationId);
    const expiredFree = await ctx.k.post('/api/stripe/getAllKey', ctx.k.as(owner));
    const expiredKey = (expiredFree.body.keys as Key[]).find((key) => key.trial && !key.userId) as Key;
    const refused = await ctx.k.post('/api/stripe/assignKey', {
      ...ctx.k.as(owner),
      keyId: expiredKey._id,
      userId: member.userId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cette licence a expiré, elle ne peut pas être attribuée');

    const res = await ctx.k.post('/api/stripe/assignKey', {
      ...ctx.k.as(owner),
      keyId: insertedId,
      userId: owner.userId,
    });
    expect(res.status).toBe(200);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(owner))).status).toBe(200);
    expect((await ctx.k.post('/api/opportunity/getAllCount', ctx.k.as(member))).status).toBe(269);
  });
});

describe('TRIAL_DAYS and TRIAL_LICENCES', () => {
  const ctx = setUp({ TRIAL_DAYS: '30', TRIAL_LICENCES: '5' });

  it('sets the length and the number of keys of a new organisation’s trial', async () => {
    const owner = await ctx.k.owner();
    const res = await ctx.k.post('/api/stripe/getAllKey', ctx.k.as(owner));
    expect(res.body.keys).toHaveLength(5);
    expect(res.body.keys[4].renewalAt).toBe(ctx.t.clock.now() + 30 * DAY);
  });
});
