// /api/opportunity/create: a TODO opportunity owned by the caller, from a visible prospect, once.
// The other opportunity calls are tested in the files beside this one.
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

describe('/api/opportunity/create', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;
  let colleague: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner();
    colleague = await k.member(alpha);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function fileWith(count: number, name = 'Fichier opportunités') {
    const { excelId } = await k.loadOk(
      alpha,
      Array.from({ length: count }, () => rowOf((next += 1))),
      { name },
    );
    const ids = ((await k.page(alpha, excelId)).body.value as { _id: string }[]).map((row) => row._id);
    return { excelId, ids };
  }

  it('creates a TODO opportunity owned by the caller and marks the prospect accepted', async () => {
    const { excelId, ids } = await fileWith(3);
    t.clock.advance(5000);
    const res = await k.post('/api/opportunity/create', { ...k.as(colleague), prospectId: ids[1] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ opportunityId: expect.stringMatching(/^[0-9a-f]{24}$/), state: 'TODO' });

    const opportunity = await t.store.collection('opportunities').findOne({ _id: res.body.opportunityId });
    expect(opportunity).toEqual({
      _id: res.body.opportunityId,
      organisationId: alpha.organisationId,
      prospectId: ids[1],
      excelId,
      userId: colleague.userId,
      state: 'TODO',
      creationDate: t.clock.now(),
      stateChangedAt: t.clock.now(),
      isPrivate: false,
      fileOwnerId: alpha.userId,
      // Its first line is a record of the audit log (history-log.ts): none left in the document.
      history: [],
    });
    expect(
      await t.store
        .collection<{ _id: string; opportunityId: string }>('auditLog')
        .findOne({ opportunityId: res.body.opportunityId }),
    ).toMatchObject({
      organisationId: alpha.organisationId,
      at: t.clock.now(),
      actorUserId: colleague.userId,
      kind: 'opportunityCreated',
      line: { from: null, to: 'TODO' },
    });

    const row = (await k.page(alpha, excelId)).body.value[1];
    expect(row).toMatchObject({
      isAccepted: true,
      state: 'TODO',
      opportunityId: res.body.opportunityId,
      username: 'Martin Paul',
    });
    expect((await k.page(alpha, excelId)).body.value[0]).toMatchObject({
      isAccepted: false,
      username: 'Dupont Marie',
    });

    const file = (await k.files(alpha)).find((f) => f._id === excelId);
    expect(file).toMatchObject({
      countSelected: 1,
      activeOpportunities: 1,
      lastModificationDate: t.clock.now(),
    });
    const one = await k.post('/api/prospect/get/excel/one', { ...k.as(alpha), excelId });
    expect(one.body.excel.stats).toEqual({
      prospects: 3,
      opportunities: 1,
      todo: 1,
      waiting: 0,
      win: 0,
      loose: 0,
      conversion: 0,
    });
  });

  it('refuses a prospect already taken: "Ce prospect est déjà une opportunité"', async () => {
    const { ids } = await fileWith(1, 'Fichier déjà pris');
    expect((await k.post('/api/opportunity/create', { ...k.as(alpha), prospectId: ids[0] })).status).toBe(
      200,
    );
    const again = await k.post('/api/opportunity/create', { ...k.as(colleague), prospectId: ids[0] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce prospect est déjà une opportunité');
  });

  it('lets only one of two simultaneous calls succeed', async () => {
    const { ids } = await fileWith(1, 'Fichier disputé');
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        k.post('/api/opportunity/create', { ...k.as(i % 2 ? alpha : colleague), prospectId: ids[0] }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    expect(
      await t.store
        .collection<{ _id: string; prospectId: string }>('opportunities')
        .countDocuments({ prospectId: ids[0] }),
    ).toBe(1);
  });

  it('refuses bad ids, and a role without "Créer un prospect"', async () => {
    const bad = await k.post('/api/opportunity/create', { ...k.as(alpha), prospectId: { $gt: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Valeur invalide pour le champ prospect');
    const { ids } = await fileWith(1, 'Fichier lecture');
    const viewer = await k.member(alpha, 'Lecture seule', String(128));
    const res = await k.post('/api/opportunity/create', { ...k.as(viewer), prospectId: ids[0] });
    expect(res.status).toBe(403);
  });
});
