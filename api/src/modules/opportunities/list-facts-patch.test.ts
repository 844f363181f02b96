// The server-side list's facts after prospect changes (list-windows.ts, prospect-changes.ts): when
// the prospects change stamp says which prospects changed, only their facts are read again; the
// facts so patched must equal a reading of every fact afresh, whatever the changes, and a change of
// unknown extent is still read whole.
import { NO_SELECTION } from '@app/domain';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { prospectChangeStamps, prospectReader } from '../prospects/module';
import { OrganisationList } from './list-index';
import { type ListQuery, ListWindows } from './list-windows';
import { ProspectChangeLog } from './prospect-changes';
import type { OpportunityKey } from './repository';

const ORG = 'org-a';
const COUNT = 400;
const ROUNDS = 40;
const REGIONS = ['Bretagne', 'Normandie', 'Occitanie', 'Grand Est'];
const ACTIVITIES = ['Commerce', 'Restauration', 'Crèche', 'Transport', 'Conseil'];
const scope = { organisationId: ORG, userId: 'owner', seesAll: true };

/** A small deterministic generator: the same rounds at every run. */
function randomOf(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function prospectOf(i: number, random: (n: number) => number) {
  return {
    prospect: `Société ${i} ${random(1000)}`,
    ville: ['Brest', 'Rouen', 'Toulouse', 'Metz'][random(4)],
    codePostale: String(10000 + random(60)),
    departement: String(10 + random(9)),
    region: REGIONS[random(REGIONS.length)],
    libelleactivite: ACTIVITIES[random(ACTIVITIES.length)],
    trancheSalarier: ['1-9', '10-19', '20-49'][random(3)],
  };
}

function listOf(): OrganisationList {
  const keys = new Map<string, OpportunityKey>();
  for (let i = 0; i < COUNT; i += 1)
    keys.set(`o${i}`, {
      _id: `o${i}`,
      prospectId: `p${i}`,
      state: 'TODO',
      stateChangedAt: 0,
      creationDate: i,
      userId: 'owner',
      isPrivate: false,
      fileOwnerId: 'owner',
    });
  return new OrganisationList(1, keys, 'Europe/Paris');
}

/** Every fact of the list as plain values (text, filter values), by opportunity id. */
function factsOf(list: OrganisationList) {
  return Object.fromEntries(
    [...list.facts].map(([id, fact]) => [id, { text: fact.text, facets: { ...fact.facets } }]),
  );
}

const queries: ListQuery[] = [
  { filter: 'all', sort: 'desc', search: 'societe 1', selection: NO_SELECTION },
  { filter: 'all', sort: 'asc', search: '', selection: { ...NO_SELECTION, region: ['Bretagne'] } },
  {
    filter: 'all',
    sort: 'desc',
    search: 'rest',
    selection: { ...NO_SELECTION, libelleactivite: ['Restauration', 'Crèche'] },
  },
];

describe('the server-side list’s facts patched after prospect changes', () => {
  let store: Store;
  let repository: ReturnType<typeof prospectChangeStamps>;
  beforeEach(() => {
    store = openMemorySqliteStore();
    repository = prospectChangeStamps(store);
  });
  afterEach(() => store.close());

  /**
   * The store holding COUNT prospects drawn from `seed` (the generator is returned to draw the changes
   * on), and a list's windows reading them through a counter; `withChanges`: they learn what changed.
   */
  async function seededWindows(seed: number, withChanges: boolean) {
    const random = randomOf(seed);
    await store.collection('prospects').insertMany(
      Array.from({ length: COUNT }, (_, i) => ({
        _id: `p${i}`,
        organisationId: ORG,
        ...prospectOf(i, random),
      })),
    );
    const reader = prospectReader(store);
    const counter = { read: 0 };
    const log = new ProspectChangeLog(repository);
    const windows = new ListWindows({
      gateway: {
        byIds: (organisationId, ids) => {
          counter.read += ids.length;
          return reader.byIds(organisationId, ids);
        },
      },
      ...(withChanges
        ? {
            changes: (organisationId: string, from: number, to: number) =>
              log.between(organisationId, from, to),
          }
        : {}),
    });
    return { windows, counter, random };
  }

  it('equal a reading afresh after random changes, reading only the changed prospects', async () => {
    const { windows, counter, random } = await seededWindows(21, true);
    const prospects = store.collection('prospects');
    const list = listOf();
    await windows.ensureFacts(ORG, list, list.allKeys(), await repository.changeStamp(ORG), true);
    expect(counter.read).toBe(COUNT);

    let patchedRounds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // One to three moves of the stamp: a few prospects rewritten (their ids recorded), or none (a
      // file made ready), or, now and then, a move of unknown extent.
      const moves = 1 + random(3);
      let unknown = false;
      const changed = new Set<string>();
      for (let move = 0; move < moves; move += 1) {
        const kind = random(10);
        if (kind === 0) {
          const i = random(COUNT);
          await prospects.updateOne({ _id: `p${i}` }, { $set: prospectOf(i, random) });
          await repository.bumpChangeStamp(ORG);
          unknown = true;
        } else if (kind <= 2) {
          await repository.bumpChangeStamp(ORG, []);
        } else {
          const ids = Array.from({ length: 1 + random(5) }, () => `p${random(COUNT)}`);
          for (const id of ids)
            await prospects.updateOne({ _id: id }, { $set: prospectOf(Number(id.slice(1)), random) });
          await repository.bumpChangeStamp(ORG, ids);
          for (const id of ids) changed.add(id);
        }
      }
      counter.read = 0;
      const stamp = await repository.changeStamp(ORG);
      list.factsRestUntil = 0;
      await windows.ensureFacts(ORG, list, list.allKeys(), stamp, true);
      if (unknown) {
        // Read whole again, in the background.
        await list.factsReading;
        expect(counter.read).toBe(COUNT);
      } else {
        expect(counter.read).toBe(changed.size);
        patchedRounds += 1;
      }
      expect(list.factsStamp).toBe(stamp);

      const fresh = new ListWindows({ gateway: prospectReader(store) });
      const freshList = listOf();
      await fresh.ensureFacts(ORG, freshList, freshList.allKeys(), stamp, true);
      expect(factsOf(list)).toEqual(factsOf(freshList));
      for (const query of queries) {
        const patched = windows.view(ORG, list, list.scope(scope, 0), query, true);
        const afresh = fresh.view(ORG, freshList, freshList.scope(scope, 0), query, true);
        expect(patched.ids).toEqual(afresh.ids);
        expect(patched.counts).toEqual(afresh.counts);
      }
    }
    // Both paths were taken.
    expect(patchedRounds).toBeGreaterThan(ROUNDS / 2);
    expect(patchedRounds).toBeLessThan(ROUNDS);
  });

  it('reads nothing again after a file made ready, and keeps the views computed', async () => {
    const { windows, counter } = await seededWindows(5, true);
    const list = listOf();
    await windows.ensureFacts(ORG, list, list.allKeys(), 0, true);
    const before = windows.view(ORG, list, list.scope(scope, 0), queries[0]!, true);
    const epoch = list.factsEpoch;
    await repository.bumpChangeStamp(ORG, []);
    counter.read = 0;
    list.factsRestUntil = 0;
    await windows.ensureFacts(ORG, list, list.allKeys(), await repository.changeStamp(ORG), true);
    expect(list.factsReading).toBeUndefined();
    expect(counter.read).toBe(0);
    expect(list.factsEpoch).toBe(epoch);
    expect(windows.view(ORG, list, list.scope(scope, 0), queries[0]!, true)).toBe(before);
  });

  it('after a change of unknown extent, reads every fact once, then no more', async () => {
    const { windows, counter } = await seededWindows(9, false);
    const list = listOf();
    // A caller's list of half the opportunities (a tab): the first reading is of those.
    const half = list.allKeys().slice(0, COUNT / 2);
    await windows.ensureFacts(ORG, list, half, 0, true);
    await repository.bumpChangeStamp(ORG);
    const stamp = await repository.changeStamp(ORG);
    counter.read = 0;
    list.factsRestUntil = 0;
    await windows.ensureFacts(ORG, list, half, stamp, false);
    await list.factsReading;
    expect(counter.read).toBe(COUNT);
    expect(list.factsStamp).toBe(stamp);
    // The next calls, past the rest, find every fact at the stamp: nothing is read again.
    counter.read = 0;
    list.factsRestUntil = 0;
    await windows.ensureFacts(ORG, list, half, stamp, false);
    expect(list.factsReading).toBeUndefined();
    await windows.ensureFacts(ORG, list, list.allKeys(), stamp, true);
    expect(counter.read).toBe(0);
  });
});
