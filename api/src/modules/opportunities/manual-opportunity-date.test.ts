// The new-opportunity modal's "Date de status" dates the opportunity and sorts it: a TODO is due
// from that date (overdue days counted from it), and one dated later waits until then, shown
// "En attente" (the modal's own label for TODO), then comes back as TODO due from that date.
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member } from '../../test-support/prospects-test-kit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Card = { _id: string; state: string; timeFilter: number; howMuchTime: string };

describe('the status date of a manual opportunity', () => {
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

  async function addOne(title: string, dateStatus: number, state2 = 'TODO'): Promise<string> {
    const res = await k.post('/api/opportunity/addone', {
      ...k.as(seller),
      data: {
        title,
        adresse: '3 rue Neuve',
        codePostale: '35000',
        ville: 'Rennes',
        telephone: '0299000000',
        dateStatus,
        state2,
        contacts: [],
      },
    });
    if (res.status !== 200) throw new Error(`addone ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunityId as string;
  }
  const list = async (state: string) =>
    (
      await k.post('/api/opportunity/getwithfilter', {
        ...k.as(seller),
        filter: { state },
        startId: 0,
        endId: 500,
      })
    ).body.opportunitys as Card[];
  const ids = async (state: string) => (await list(state)).map((card) => card._id);
  const card = async (id: string) => (await list('all')).find((item) => item._id === id);

  it('counts a TODO overdue from its status date, and sorts it by that date', async () => {
    const now = t.clock.now();
    const lastWeek = await addOne('Boulangerie Semaine', now - 7 * DAY);
    const today = await addOne('Boulangerie Jour', now);
    const twoDays = await addOne('Boulangerie Deux', now - 2 * DAY);
    expect(await card(lastWeek)).toMatchObject({ state: 'TODO', timeFilter: 7, howMuchTime: '7 jours' });
    expect(await ids('todo')).toEqual([lastWeek, twoDays, today]);
  });

  it('keeps a TODO dated later waiting until that date, then due from it', async () => {
    const now = t.clock.now();
    const later = await addOne('Boulangerie Plus Tard', now + 3 * DAY);
    const sooner = await addOne('Boulangerie Bientôt', now + 5 * HOUR);
    expect(await card(later)).toMatchObject({
      state: 'WAITING',
      timeFilter: 3 * DAY,
      howMuchTime: '3 jours',
    });
    expect(await ids('waiting')).toEqual([sooner, later]);
    expect(await ids('todo')).not.toContain(later);
    const detail = await k.post('/api/opportunity/get', { ...k.as(seller), opportunityId: later });
    expect(detail.body.opportunity.waitingDate).toBe(now + 3 * DAY);

    t.clock.advance(3 * DAY + HOUR);
    expect(await card(later)).toMatchObject({ state: 'TODO', timeFilter: 0 });
    expect(await card(sooner)).toMatchObject({ state: 'TODO' });
    expect(await ids('waiting')).toEqual([]);
  });

  it('dates a WIN from its status date', async () => {
    const now = t.clock.now();
    const won = await addOne('Boulangerie Gagnée', now - 4 * DAY, 'WIN');
    expect(await card(won)).toMatchObject({ state: 'WIN', timeFilter: 4, howMuchTime: '4 jours' });
  });
});
