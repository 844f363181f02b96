// The bin's daily purge with two API instances on one DATA_DIR (each its own connection to the
// store file, as two processes have): records older than 30 days go, once, whichever comes first.
import { kit, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { createClock, type TestApp } from '../../test-support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

const clock = createClock(Date.UTC(2030, 0, 1, 9));

let shared: SharedStore;
beforeEach(() => {
  shared = openSharedStore('bin-purge-', clock.now);
});
afterEach(() => shared.close());

it('purges the records older than 30 days once, whichever of two processes runs the day first', async () => {
  const first = await shared.instance();
  const second = await shared.instance();
  const k = kit({ app: first.app, store: first.store } as TestApp);
  const owner = await k.owner('Société Purge');
  const files = [];
  for (let i = 0; i < 3; i += 1)
    files.push((await k.loadOk(owner, [rowOf(i)], { name: `Fichier ${i}` })).excelId);
  // Two deleted now, one 10 days later.
  for (const excelId of files.slice(0, 2))
    expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId })).status).toBe(200);
  clock.advance(10 * DAY_MS);
  expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId: files[2] })).status).toBe(200);
  const bin = first.store.collection<{ _id: string; label: string }>('bin');
  const parts = first.store.collection<{ _id: string; binId: string }>('binParts');
  expect(await bin.countDocuments({})).toBe(3);

  // 31 days after the first two: both processes check the day at the same moment.
  clock.advance(21 * DAY_MS);
  const runs = await Promise.all([first.app.locals.runBinPurge(), second.app.locals.runBinPurge()]);
  expect(runs.filter((purged) => purged !== null)).toEqual([2]);
  expect((await bin.find({})).map((record) => record.label)).toEqual(['Fichier 2']);
  const kept = await bin.find({});
  expect(await parts.countDocuments({})).toBe(await parts.countDocuments({ binId: kept[0]?._id }));
  const purges = await first.store.collection<{ _id: string; purged: number }>('binPurges').find({});
  expect(purges.find((purge) => purge._id === '2030-02-01')).toMatchObject({ purged: 2 });
  // Again the same day, on either: nothing more.
  expect(await second.app.locals.runBinPurge()).toBeNull();
  expect(await first.app.locals.runBinPurge()).toBeNull();
}, 60_000);
