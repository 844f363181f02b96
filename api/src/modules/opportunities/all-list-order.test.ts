// "Toute Opportunités" sorts every state on one time scale (domain's listTimeOf): the oldest first,
// then today's, then the follow-ups to come, soonest first. Before, it sorted on timeFilter, which
// is milliseconds for WAITING and days for the others, so every WAITING came first.
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('the "all" list order', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let seller: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    seller = await k.owner();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function opportunity(): Promise<string> {
    const { excelId } = await k.loadOk(seller, [rowOf((next += 1))], { name: `Fichier ${next}` });
    const [prospect] = (await k.page(seller, excelId, { limit: 10 })).body.value as { _id: string }[];
    const res = await k.post('/api/opportunity/create', { ...k.as(seller), prospectId: prospect?._id });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunityId as string;
  }
  const ids = async (state: string) =>
    (
      await k.post('/api/opportunity/getwithfilter', {
        ...k.as(seller),
        filter: { state },
        startId: 0,
        endId: 500,
      })
    ).body.opportunitys.map((item: { _id: string }) => item._id) as string[];
  const wait = (opportunityId: string, date: number) =>
    k.post('/api/opportunity/setWaiting', { ...k.as(seller), opportunityId, date });

  it('puts the most overdue and longest closed first, then today, then the follow-ups to come, soonest first', async () => {
    const overdue = await opportunity();
    t.clock.advance(DAY);
    const won = await opportunity();
    await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: won });
    t.clock.advance(2 * DAY);
    const today = await opportunity();
    // The ones made after it are newer (ties on the time go newest first).
    t.clock.advance(60_000);
    const later = await opportunity();
    await wait(later, t.clock.now() + 2 * DAY);
    const soon = await opportunity();
    await wait(soon, t.clock.now() + HOUR);

    // 3 days late, closed 2 days ago, due today, a follow-up in an hour, one in 2 days.
    expect(await ids('all')).toEqual([overdue, won, today, soon, later]);
    expect(await ids('waiting')).toEqual([soon, later]);

    // Once the hour has passed, the first follow-up is due today: among today's, newest first.
    t.clock.advance(2 * HOUR);
    expect(await ids('all')).toEqual([overdue, won, soon, today, later]);
  });
});
