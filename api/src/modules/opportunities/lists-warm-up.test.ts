// After a start, the largest organisations' lists are read ahead (lists-warm-up.ts): a new process's
// first page of such a list then reads neither opportunities nor prospects from the store, and is the
// very page a process reading it on demand answers.
import request from 'supertest';
import type { Collection, Document } from '../../db/types';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedInstance, type SharedStore } from '../../test-support/shared-store';
import { organisationsToWarm, WARM_CARDS, WARM_FROM, WARM_ORGANISATIONS } from './lists-warm-up';

describe('organisationsToWarm', () => {
  const sized = (...counts: number[]) => counts.map((count, i) => ({ organisationId: `org${i}`, count }));

  it('takes the largest first, from WARM_FROM, within WARM_CARDS', () => {
    const chosen = organisationsToWarm(sized(WARM_CARDS - 1000, 2000, 900, WARM_FROM - 1, 800));
    expect(chosen.map((size) => size.organisationId)).toEqual(['org0', 'org2']);
  });

  it('skips a list larger than what is left, and keeps looking for smaller ones', () => {
    const chosen = organisationsToWarm(sized(WARM_CARDS + 1, 40_000, 30_000, 15_000));
    expect(chosen.map((size) => size.organisationId)).toEqual(['org1', 'org3']);
  });

  it('reads WARM_ORGANISATIONS at most', () => {
    const chosen = organisationsToWarm(sized(...Array.from({ length: 20 }, () => 1000)));
    expect(chosen).toHaveLength(WARM_ORGANISATIONS);
  });
});

describe('lists read ahead after a start', () => {
  let shared: SharedStore;
  let first: SharedInstance;
  let owner: Member;
  const OPPORTUNITIES = WARM_FROM + 20;

  beforeAll(async () => {
    shared = openSharedStore('lists-warm-', () => Date.now());
    first = await shared.instance();
    const k = kit(first);
    owner = await k.owner();
    const rows = Array.from({ length: OPPORTUNITIES }, (_, i) => rowOf(i + 1));
    const { excelId } = await k.loadOk(owner, rows);
    const prospects = (await k.page(owner, excelId, { limit: 1000 })).body.value as { _id: string }[];
    for (const prospect of prospects)
      expect(
        (await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: prospect._id })).status,
      ).toBe(200);
    // A small organisation: read whole by its first call, not ahead.
    const small = await k.owner('Société Béta');
    const few = await k.loadOk(small, [rowOf(1), rowOf(2)], { name: 'Petit fichier' });
    const smallProspects = (await k.page(small, few.excelId)).body.value as { _id: string }[];
    for (const prospect of smallProspects)
      await k.post('/api/opportunity/create', { ...k.as(small), prospectId: prospect._id });
  }, 120_000);
  afterAll(() => shared.close());

  /** Counts the reads of opportunities and prospects by an instance. */
  const readsOf = (instance: SharedInstance) => {
    const spies = ['opportunities', 'prospects'].flatMap((name) => {
      const collection = instance.store.collection<Document>(name) as Collection<Document>;
      return [jest.spyOn(collection, 'findOne'), jest.spyOn(collection, 'find')];
    });
    return {
      count: () => spies.reduce((total, spy) => total + spy.mock.calls.length, 0),
      restore: () => {
        for (const spy of spies) spy.mockRestore();
      },
    };
  };
  const firstPage = (instance: SharedInstance) =>
    request(instance.app)
      .post('/api/opportunity/getwithfilter')
      .send({
        token: owner.token,
        organisationId: owner.organisationId,
        filter: { state: 'all' },
        startId: 0,
        endId: 500,
      });

  it('serves the first page of a list read ahead without reading the store, as a cold process does', async () => {
    const warmed = await shared.instance();
    expect(await warmed.app.locals.warmLists()).toBe(OPPORTUNITIES);
    const warmedReads = readsOf(warmed);
    const page = await firstPage(warmed);
    expect(page.status).toBe(200);
    expect(warmedReads.count()).toBe(0);
    warmedReads.restore();

    const cold = await shared.instance();
    const coldReads = readsOf(cold);
    const coldPage = await firstPage(cold);
    expect(coldReads.count()).toBeGreaterThan(0);
    coldReads.restore();
    expect((page.body as { opportunitys: unknown[] }).opportunitys).toHaveLength(500);
    expect(page.text).toBe(coldPage.text);
  });

  it('reads nothing ahead once the API stops', async () => {
    const stopping = await shared.instance();
    stopping.app.locals.stop();
    expect(await stopping.app.locals.warmLists()).toBe(0);
  });
});
