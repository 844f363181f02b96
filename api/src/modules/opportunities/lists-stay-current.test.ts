// The lists and counts are served from memory (list-index.ts): every kind of write, the passing of
// time and another API instance's writes must show at the next call, and nothing else may.
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Page = { opportunitys: { _id: string; state: string; timeFilter: number; user: { _id: string } }[] };

describe('lists stay current', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    admin = await k.owner();
    seller = await k.member(admin);
    outsider = await k.owner('Société Beta');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function prospects(count: number, who: Member): Promise<string[]> {
    const rows = Array.from({ length: count }, () => rowOf((next += 1)));
    const { excelId } = await k.loadOk(who, rows, { name: `Fichier ${next}` });
    const page = await k.page(who, excelId, { limit: 1000 });
    return (page.body.value as { _id: string }[]).map((row) => row._id);
  }
  async function opportunity(who: Member, owner: Member = admin): Promise<string> {
    const [prospectId] = await prospects(1, owner);
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunityId as string;
  }
  const counts = async (who: Member) => (await k.post('/api/opportunity/getAllCount', k.as(who))).body;
  const list = async (who: Member, state = 'all') =>
    (
      (
        await k.post('/api/opportunity/getwithfilter', {
          ...k.as(who),
          filter: { state },
          startId: 0,
          endId: 500,
        })
      ).body as Page
    ).opportunitys;
  const ids = async (who: Member, state = 'all') => (await list(who, state)).map((item) => item._id);

  it('shows each kind of write in the next page call and keeps the counts right', async () => {
    const first = await opportunity(seller);
    expect(await counts(seller)).toEqual({ all: 1, todo: 1, waiting: 0, loose: 0, win: 0 });

    const taken = await opportunity(seller);
    expect(await ids(seller, 'todo')).toEqual(expect.arrayContaining([first, taken]));

    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: first,
      date: t.clock.now() + 3 * HOUR,
    });
    expect(await ids(seller, 'todo')).toEqual([taken]);
    expect(await ids(seller, 'waiting')).toEqual([first]);
    expect(await counts(seller)).toEqual({ all: 2, todo: 1, waiting: 1, loose: 0, win: 0 });

    await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: taken });
    await k.post('/api/opportunity/setLoose', { ...k.as(seller), opportunityId: first });
    expect(await counts(seller)).toEqual({ all: 2, todo: 0, waiting: 0, loose: 1, win: 1 });
    expect(await ids(seller, 'win')).toEqual([taken]);

    await k.post('/api/opportunity/setTodo', { ...k.as(seller), opportunityId: first });
    expect(await ids(seller, 'todo')).toEqual([first]);

    const manual = await k.post('/api/opportunity/addone', {
      ...k.as(seller),
      data: {
        title: 'Boulangerie Martin',
        adresse: '3 rue Neuve',
        telephone: '0299000000',
        codePostale: '29000',
        ville: 'Quimper',
        dateStatus: t.clock.now(),
        state2: 'WIN',
        contacts: [],
      },
    });
    expect(manual.status).toBe(200);
    expect((await ids(seller, 'win')).sort()).toEqual([manual.body.opportunityId, taken].sort());
    expect((await counts(seller)).all).toBe(3);
  });

  it('hands an opportunity over: it leaves the salesperson’s list and joins the colleague’s', async () => {
    const colleague = await k.member(admin);
    const id = await opportunity(seller);
    expect(await ids(seller)).toContain(id);
    expect(await ids(colleague)).not.toContain(id);
    const res = await k.post('/api/opportunity/assign', {
      ...k.as(admin),
      opportunityId: id,
      userId: colleague.userId,
    });
    expect(res.status).toBe(200);
    expect(await ids(seller)).not.toContain(id);
    expect(await ids(colleague)).toEqual([id]);
    expect((await list(admin)).find((item) => item._id === id)?.user._id).toBe(colleague.userId);
  });

  it('takes the next prospect of the pool into the list at once', async () => {
    const taker = await k.member(admin);
    await prospects(1, admin);
    expect(await counts(taker)).toEqual({ all: 0, todo: 0, waiting: 0, loose: 0, win: 0 });
    const res = await k.post('/api/opportunity/takeNext', k.as(taker));
    expect(res.status).toBe(200);
    expect(await ids(taker, 'todo')).toEqual([res.body.opportunityId]);
  });

  it('moves a WAITING whose date has passed to TODO, and counts a new day, without any write', async () => {
    const sleeper = await k.member(admin);
    const id = await opportunity(sleeper);
    await k.post('/api/opportunity/setWaiting', {
      ...k.as(sleeper),
      opportunityId: id,
      date: t.clock.now() + HOUR,
    });
    expect(await counts(sleeper)).toMatchObject({ todo: 0, waiting: 1 });
    t.clock.advance(2 * HOUR);
    expect(await counts(sleeper)).toMatchObject({ todo: 1, waiting: 0 });
    expect(await list(sleeper, 'todo')).toEqual([expect.objectContaining({ _id: id, state: 'TODO' })]);
    t.clock.advance(DAY);
    expect((await list(sleeper, 'todo'))[0]?.timeFilter).toBe(1);
  });

  it('brings a renewal back as TODO in the next page call once it is due', async () => {
    const renewer = await k.member(admin);
    const id = await opportunity(renewer);
    await k.post('/api/opportunity/setWin', { ...k.as(renewer), opportunityId: id });
    const end = new Date(t.clock.now() + 100 * DAY).toISOString().slice(0, 10);
    await k.post('/api/opportunity/updateContractuelle', {
      ...k.as(renewer),
      opportunityId: id,
      data: { Date_previsionelle_fin_de_contrat: end },
    });
    expect(await counts(renewer)).toMatchObject({ todo: 0, win: 1 });
    t.clock.advance(11 * DAY);
    expect(await counts(renewer)).toMatchObject({ todo: 1, win: 0 });
    expect(await ids(renewer, 'todo')).toEqual([id]);
  });

  it("keeps another organisation's writes out", async () => {
    const before = await counts(admin);
    await opportunity(outsider, outsider);
    expect(await counts(admin)).toEqual(before);
    expect((await counts(outsider)).all).toBe(1);
  });

  it('shows at the next call what another API instance changed in the same store', async () => {
    const other = createApp(t.config, {
      store: t.store,
      mailer: t.mailer,
      logger: pino({ level: 'silent' }),
      now: t.clock.now,
    });
    await other.locals.ready;
    try {
      const id = await opportunity(seller);
      expect(await ids(seller, 'todo')).toContain(id);
      const res = await request(other)
        .post('/api/opportunity/setWin')
        .send({ ...k.as(seller), opportunityId: id });
      expect(res.status).toBe(200);
      expect(await ids(seller, 'todo')).not.toContain(id);
      expect(await ids(seller, 'win')).toContain(id);
    } finally {
      other.locals.stop();
    }
  });
});
