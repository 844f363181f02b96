// The per-caller lists kept in memory are patched after writes instead of rebuilt: whatever the
// writes, they must equal lists built afresh from the same keys.
import { LIST_FILTERS, type ListFilter, type OpportunityState } from '@app/domain';
import { OrganisationList } from './list-index';
import type { OpportunityKey, Scope } from './repository';

const DAY = 24 * 60 * 60 * 1000;
const AT = Date.UTC(2026, 10, 22, 9, 0);
const STATES: OpportunityState[] = ['TODO', 'WAITING', 'WIN', 'LOOSE'];
const USERS = ['u1', 'u2', 'u3'];
const TIME_ZONE = 'Europe/Paris';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function keyOf(id: string, next: () => number): OpportunityKey {
  const state = STATES[Math.floor(next() * STATES.length)] as OpportunityState;
  const userId = USERS[Math.floor(next() * USERS.length)] as string;
  return {
    _id: id,
    state,
    stateChangedAt: AT - Math.floor(next() * 40) * DAY,
    creationDate: AT - Math.floor(next() * 60) * DAY - Math.floor(next() * 1000),
    userId,
    ...(state === 'WAITING' ? { waitingDate: AT + Math.floor((0.05 + next()) * 10 * DAY) } : {}),
    ...(next() < 0.2 ? { isPrivate: true, fileOwnerId: USERS[Math.floor(next() * USERS.length)] } : {}),
  } as OpportunityKey;
}

const SCOPES: Scope[] = [
  { organisationId: 'o', userId: 'u1', seesAll: true },
  { organisationId: 'o', userId: 'u2', seesAll: true },
  { organisationId: 'o', userId: 'u3', seesAll: false },
];

function snapshot(list: OrganisationList, at: number, filters: readonly ListFilter[] = LIST_FILTERS) {
  return SCOPES.map((scope) => {
    const lists = list.scope(scope, at);
    return {
      counts: lists.counts,
      lists: filters.map((filter) => lists.list(filter).map((key) => key._id)),
      times: filters.map((filter) => [...lists.listTimes(filter)]),
    };
  });
}

/**
 * Random writes of 1 to 5 opportunities per version (a few of them removed, a few new), and now and
 * then one of every opportunity at once (past the in-place limit: filtered, sorted again).
 */
function randomWrites(next: () => number, keys: Map<string, OpportunityKey>, version: number) {
  const changed = new Set<string>();
  const written: OpportunityKey[] = [];
  const many = next() < 0.1;
  const count = many ? 300 : 1 + Math.floor(next() * 5);
  for (let index = 0; index < count; index += 1) {
    const id = many ? `k${index}` : next() < 0.2 ? `new${version}-${index}` : `k${Math.floor(next() * 300)}`;
    changed.add(id);
    if (next() < 0.15) {
      keys.delete(id); // removed
    } else {
      const key = keyOf(id, next);
      keys.set(id, key);
      written.push(key);
    }
  }
  return { changed, keys: written.filter((key) => keys.get(key._id) === key) };
}

describe('OrganisationList, patched after writes', () => {
  it('gives every caller the same lists and counts as lists built afresh, over random writes', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const next = random(seed);
      const keys = new Map<string, OpportunityKey>();
      for (let index = 0; index < 300; index += 1) keys.set(`k${index}`, keyOf(`k${index}`, next));
      const patched = new OrganisationList(0, new Map(keys), TIME_ZONE);
      snapshot(patched, AT);

      for (let version = 1; version <= 15; version += 1) {
        const writes = randomWrites(next, keys, version);
        patched.catchUp(version, writes.changed, writes.keys);
        const fresh = new OrganisationList(version, new Map(keys), TIME_ZONE);
        expect([seed, version, snapshot(patched, AT)]).toEqual([seed, version, snapshot(fresh, AT)]);
      }
    }
  });

  it('stays equal to lists built afresh when some lists are not read between writes', () => {
    // Lists never read since the scope was built are not in order yet when a write comes: the patch
    // sorts them then; the lists read are patched in place.
    for (let seed = 1; seed <= 20; seed += 1) {
      const next = random(seed * 7919);
      const keys = new Map<string, OpportunityKey>();
      for (let index = 0; index < 300; index += 1) keys.set(`k${index}`, keyOf(`k${index}`, next));
      const patched = new OrganisationList(0, new Map(keys), TIME_ZONE);
      for (const scope of SCOPES) patched.scope(scope, AT);

      for (let version = 1; version <= 25; version += 1) {
        const writes = randomWrites(next, keys, version);
        patched.catchUp(version, writes.changed, writes.keys);
        const read = LIST_FILTERS.filter(() => next() < 0.3);
        const fresh = new OrganisationList(version, new Map(keys), TIME_ZONE);
        expect([seed, version, snapshot(patched, AT, read)]).toEqual([
          seed,
          version,
          snapshot(fresh, AT, read),
        ]);
      }
      expect(snapshot(patched, AT)).toEqual(snapshot(new OrganisationList(99, new Map(keys), TIME_ZONE), AT));
    }
  });
});
