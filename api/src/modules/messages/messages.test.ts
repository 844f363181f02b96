// /api/messages/post: status-tagged comments, their previews on the cards, the log and the history.
import { PERMISSION } from '@app/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

describe('/api/messages/post', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;
  let opportunityId: string;
  let statusIds: Record<string, string>;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    admin = await k.owner();
    seller = await k.member(admin);
    await k.loadOk(admin, [rowOf(1), rowOf(2)]);
    opportunityId = (await k.post('/api/opportunity/takeNext', k.as(seller))).body.opportunityId;
    const statuses = (await k.post('/api/opportunity/status', k.as(seller))).body.status as {
      _id: string;
      name: string;
    }[];
    statusIds = Object.fromEntries(statuses.map((status) => [status.name, status._id]));
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const post = (who: Member, body: Record<string, unknown>) =>
    k.post('/api/messages/post', { ...k.as(who), opportunityId, ...body });

  it('stores the comment with its status and author, previews the last three newest first, logs all oldest first', async () => {
    for (const [i, status] of ['Mail', 'Appel Abouti', 'PP', 'PP Validé'].entries()) {
      t.clock.advance(60_000);
      const res = await post(seller, { message: `Commentaire ${i + 1}`, statusId: statusIds[status] });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        text: `Commentaire ${i + 1}`,
        date: t.clock.now(),
        userId: { _id: seller.userId, username: 'Martin Paul' },
        statusId: { _id: statusIds[status], name: status },
      });
    }
    const list = await k.post('/api/opportunity/getwithfilter', {
      ...k.as(seller),
      filter: { state: 'todo' },
      startId: 0,
      endId: 500,
    });
    expect(list.body.opportunitys[0].message.map((m: { text: string }) => m.text)).toEqual([
      'Commentaire 4',
      'Commentaire 3',
      'Commentaire 2',
    ]);
    const detail = await k.post('/api/opportunity/get', { ...k.as(admin), opportunityId });
    expect(detail.body.opportunity.message.map((m: { text: string }) => m.text)).toEqual([
      'Commentaire 1',
      'Commentaire 2',
      'Commentaire 3',
      'Commentaire 4',
    ]);
    expect(
      detail.body.opportunity.history.filter((h: { kind: string }) => h.kind === 'comment'),
    ).toHaveLength(4);
    expect(detail.body.opportunity.history.at(-1)).toMatchObject({
      from: 'TODO',
      to: 'TODO',
      reason: 'Commentaire (PP Validé)',
    });
  });

  it('refuses with the chat messages: no status first, then an empty comment', async () => {
    const noStatus = await post(seller, { message: 'x' });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.message).toBe('Veuillez selectionner un status');
    const empty = await post(seller, { message: '   ', statusId: statusIds.Mail });
    expect(empty.body.message).toBe('Le commentaire doit contenir au moins 1 caractères');
    const long = await post(seller, { message: 'x'.repeat(5001), statusId: statusIds.Mail });
    expect(long.status).toBe(400);
    const unknown = await post(seller, { message: 'x', statusId: 'a'.repeat(24) });
    expect(unknown.body.message).toBe('Statut inconnu');
  });

  it("refuses another member's opportunity, another organisation's, and a role without the bit", async () => {
    const other = await k.member(admin);
    expect((await post(other, { message: 'x', statusId: statusIds.Mail })).status).toBe(404);
    const outsider = await k.owner('Société Beta');
    const foreign = await post(outsider, { message: 'x', statusId: statusIds.Mail });
    expect(foreign.status).toBe(404);
    const mute = await k.member(admin, 'Muet', String(PERMISSION.VIEW_PROSPECTS));
    expect((await post(mute, { message: 'x', statusId: statusIds.Mail })).status).toBe(403);
  });
});
