// The server-side list numbers each filter value it meets (list-windows.ts). Those numbers are each
// organisation's list's own, and bounded: prospects that take new values again and again (a file's
// postcodes rewritten, import after import) do not grow them past twice the list's size or
// MIN_CODES_KEPT, and the filters and counts still answer with the values stored now.
import { NO_SELECTION } from '@app/domain';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { prospectReader } from '../prospects/module';
import { OrganisationList } from './list-index';
import { ListWindows, type ListQuery, MIN_CODES_KEPT } from './list-windows';
import { opportunityKeys } from '../../test-support/opportunity-keys';

const COUNT = 300;
const ROUNDS = 12;

/** Prospect i's postcode in a round: new in every round. */
const postcode = (round: number, i: number) => String(10000 + round * COUNT + i);

async function seedProspects(store: Store, organisationId: string, values: (i: number) => string) {
  await store.collection('prospects').insertMany(
    Array.from({ length: COUNT }, (_, i) => ({
      _id: `${organisationId}:p${i}`,
      organisationId,
      prospect: `Société ${i}`,
      codePostale: values(i),
      departement: '29',
      region: 'Bretagne',
      libelleactivite: 'Commerce',
      trancheSalarier: '1-9',
    })),
  );
}

/** A list of COUNT opportunities of the organisation, on the prospects seeded for it. */
function listOf(organisationId: string): OrganisationList {
  const keys = opportunityKeys(COUNT);
  for (const key of keys.values()) key.prospectId = `${organisationId}:${key.prospectId}`;
  return new OrganisationList(1, keys, 'Europe/Paris');
}

const byPostcode = (value: string): ListQuery => ({
  filter: 'all',
  sort: 'desc',
  search: '',
  selection: { ...NO_SELECTION, codePostale: [value] },
});

describe('the server-side list’s value numbers', () => {
  let store: Store;
  beforeEach(() => {
    store = openMemorySqliteStore();
  });
  afterEach(() => store.close());

  it('are each organisation’s own: another organisation’s values are not numbered in its list', async () => {
    await seedProspects(store, 'org-a', (i) => postcode(0, i));
    await seedProspects(store, 'org-b', (i) => postcode(1, i % 10));
    const windows = new ListWindows({ gateway: prospectReader(store) });
    const a = listOf('org-a');
    const b = listOf('org-b');
    await windows.ensureFacts('org-a', a, a.allKeys(), 1, true);
    await windows.ensureFacts('org-b', b, b.allKeys(), 1, true);
    expect(windows.valuesNumbered(a)).toBe(COUNT);
    expect(windows.valuesNumbered(b)).toBe(10);
    const scope = { organisationId: 'org-b', userId: 'owner', seesAll: true };
    const view = windows.view('org-b', b, b.scope(scope, Date.now()), byPostcode(postcode(1, 3)), true);
    expect(view.ids.length).toBe(COUNT / 10);
    expect([...view.counts!.codePostale.keys()].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => postcode(1, i)).sort(),
    );
  });

  it('stay bounded while the prospects keep taking new values, and filter by the values stored now', async () => {
    const organisationId = 'org-rewritten';
    await seedProspects(store, organisationId, (i) => postcode(0, i));
    const prospects = store.collection<{ _id: string; codePostale: string }>('prospects');
    const windows = new ListWindows({ gateway: prospectReader(store) });
    const list = listOf(organisationId);
    const scope = { organisationId, userId: 'owner', seesAll: true };
    let most = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0)
        for (let i = 0; i < COUNT; i += 1)
          await prospects.updateOne(
            { _id: `${organisationId}:p${i}` },
            { $set: { codePostale: postcode(round, i) } },
          );
      // The prospects' change stamp moved: the facts are read again (no rest between readings here).
      list.factsRestUntil = 0;
      await windows.ensureFacts(organisationId, list, list.allKeys(), round + 1, true);
      await list.factsReading;
      most = Math.max(most, windows.valuesNumbered(list));
      expect(windows.valuesNumbered(list)).toBeLessThanOrEqual(MIN_CODES_KEPT + COUNT);

      const view = windows.view(
        organisationId,
        list,
        list.scope(scope, Date.now()),
        byPostcode(postcode(round, 7)),
        true,
      );
      expect(view.ids).toEqual(['o7']);
      expect(view.counts!.codePostale.get(postcode(round, 8))).toBe(1);
      if (round > 0) expect(view.counts!.codePostale.has(postcode(round - 1, 8))).toBe(false);
    }
    // The numbers grew past the floor before starting afresh (the bound was reached, not avoided).
    expect(most).toBeGreaterThan(MIN_CODES_KEPT);
  });
});
