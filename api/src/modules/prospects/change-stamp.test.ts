// The prospects change stamp records what each move changed (repository.ts, `recent`): the
// opportunities component brings its kept prospect views forward past the moves that did not touch
// them (opportunities/prospect-changes.ts). What a range of moves changed must be exact, or unknown.
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { ProspectsRepository } from './repository';

const ORG = 'org-a';

describe('the prospects change stamp’s record of changes', () => {
  let store: Store;
  let repository: ProspectsRepository;
  beforeEach(() => {
    store = openMemorySqliteStore();
    repository = new ProspectsRepository(store);
  });
  afterEach(() => store.close());

  it('gives the prospects changed between two stamps, none for a move of no prospect', async () => {
    expect(await repository.changeStamp(ORG)).toBe(0);
    await repository.bumpChangeStamp(ORG, ['p1']);
    await repository.bumpChangeStamp(ORG, []);
    await repository.bumpChangeStamp(ORG, ['p2', 'p3', 'p2']);
    expect(await repository.changeStamp(ORG)).toBe(3);
    expect(await repository.changesBetween(ORG, 0, 3)).toEqual(new Set(['p1', 'p2', 'p3']));
    expect(await repository.changesBetween(ORG, 1, 2)).toEqual(new Set());
    expect(await repository.changesBetween(ORG, 2, 3)).toEqual(new Set(['p2', 'p3']));
    expect(await repository.changesBetween(ORG, 3, 3)).toEqual(new Set());
    // Another organisation's stamp is its own.
    expect(await repository.changeStamp('org-b')).toBe(0);
    expect(await repository.changesBetween('org-b', 0, 1)).toBeNull();
  });

  it('answers null across a move of unknown extent, of too many prospects, or one not recorded', async () => {
    await repository.bumpChangeStamp(ORG, ['p1']);
    await repository.bumpChangeStamp(ORG);
    await repository.bumpChangeStamp(ORG, ['p2']);
    expect(await repository.changesBetween(ORG, 0, 3)).toBeNull();
    expect(await repository.changesBetween(ORG, 1, 2)).toBeNull();
    expect(await repository.changesBetween(ORG, 2, 3)).toEqual(new Set(['p2']));
    await repository.bumpChangeStamp(
      ORG,
      Array.from({ length: 300 }, (_, i) => `q${i}`),
    );
    expect(await repository.changesBetween(ORG, 3, 4)).toBeNull();
    // A stamp written before the record existed: what led to it is not known, what follows is.
    await store
      .collection<{ _id: string; stamp: number }>('prospectChangeStamps')
      .insertOne({ _id: 'org-old', stamp: 7 });
    await repository.bumpChangeStamp('org-old', ['p9']);
    expect(await repository.changeStamp('org-old')).toBe(8);
    expect(await repository.changesBetween('org-old', 7, 8)).toEqual(new Set(['p9']));
    expect(await repository.changesBetween('org-old', 6, 8)).toBeNull();
  });

  it('keeps the last moves only, each still given to its own stamp', async () => {
    for (let i = 1; i <= 300; i += 1) await repository.bumpChangeStamp(ORG, [`p${i}`]);
    expect(await repository.changeStamp(ORG)).toBe(300);
    const doc = await store
      .collection<{ _id: string; recent: unknown[] }>('prospectChangeStamps')
      .findOne({ _id: ORG });
    expect(doc?.recent.length).toBeLessThanOrEqual(256);
    expect(await repository.changesBetween(ORG, 0, 300)).toBeNull();
    expect(await repository.changesBetween(ORG, 297, 300)).toEqual(new Set(['p298', 'p299', 'p300']));
    expect(await repository.changesBetween(ORG, 199, 200)).toEqual(new Set(['p200']));
  });

  it('stays exact with moves made at once from two repositories on one store', async () => {
    const first = repository;
    // Moves sent together, unawaited, from two repositories (as two callers would): each move's ids
    // land with its own stamp.
    const second = new ProspectsRepository(store);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? first : second).bumpChangeStamp(ORG, [`p${i}`])),
    );
    expect(await first.changeStamp(ORG)).toBe(60);
    expect(await first.changesBetween(ORG, 0, 60)).toEqual(
      new Set(Array.from({ length: 60 }, (_, i) => `p${i}`)),
    );
  });
});
