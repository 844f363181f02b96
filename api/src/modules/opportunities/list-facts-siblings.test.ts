// Each API process keeps its own facts of a large list (list-windows.ts): when one starts reading an
// organisation's, it tells the others (through the cluster's primary), which read theirs meanwhile, so
// the first search or filter they serve finds them instead of waiting for a reading of its own.
import type { Worker } from 'node:cluster';
import { relayToSiblings } from '../../cluster';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { prospectReader } from '../prospects/module';
import { OrganisationList } from './list-index';
import { ListWindows } from './list-windows';
import { ListReads, type ListReadsDeps } from './use-cases/read-lists';
import { type KeysOptions, opportunityKeys } from '../../test-support/opportunity-keys';

const ORGANISATION = 'org-siblings';
const COUNT = 2500;
/** Half the opportunities a colleague's, one in ten from a private file: not every one is the owner's to see. */
const MIXED: KeysOptions = {
  ownerOf: (i) => (i % 2 === 0 ? 'owner' : 'colleague'),
  isPrivate: (i) => i % 10 === 0,
};

async function seedProspects(store: Store, count: number): Promise<void> {
  const docs = Array.from({ length: count }, (_, i) => ({
    _id: `p${i}`,
    organisationId: ORGANISATION,
    prospect: `Société ${i}`,
    codePostale: i % 2 === 0 ? '29000' : '75001',
    departement: i % 2 === 0 ? '29' : '75',
    region: i % 2 === 0 ? 'Bretagne' : 'Île-de-France',
    libelleactivite: 'Commerce',
    trancheSalarier: '1-9',
  }));
  await store.collection('prospects').insertMany(docs);
}

describe('a large list opened in one API process', () => {
  let store: Store;
  beforeAll(async () => {
    store = openMemorySqliteStore();
    await seedProspects(store, COUNT);
  });
  afterAll(() => store.close());

  it('tells the other processes once, when its first reading of the facts starts', async () => {
    const told: string[] = [];
    const windows = new ListWindows({
      gateway: prospectReader(store),
      onFirstReading: (organisationId) => told.push(organisationId),
    });
    const list = new OrganisationList(1, opportunityKeys(COUNT, MIXED), 'Europe/Paris');
    const keys = list.allKeys();
    // A first window that filters nothing: the reading starts in the background.
    await windows.ensureFacts(ORGANISATION, list, keys, 1, false);
    await windows.ensureFacts(ORGANISATION, list, keys, 1, false);
    await list.factsReading;
    // A search then: every fact is read, nothing more is told.
    await windows.ensureFacts(ORGANISATION, list, keys, 1, true);
    expect(told).toEqual([ORGANISATION]);
    expect(list.facts.size).toBe(COUNT);
  });

  it('another process told so reads every opportunity’s facts, whoever may see it, without telling back', async () => {
    const told: string[] = [];
    const windows = new ListWindows({
      gateway: prospectReader(store),
      onFirstReading: (organisationId) => told.push(organisationId),
    });
    const list = new OrganisationList(1, opportunityKeys(COUNT, MIXED), 'Europe/Paris');
    const deps: Pick<ListReadsDeps, 'prospects' | 'index' | 'windows'> = {
      prospects: { changeStamp: () => Promise.resolve(1) } as unknown as ListReadsDeps['prospects'],
      index: { organisation: () => Promise.resolve(list) } as unknown as ListReadsDeps['index'],
      windows,
    };
    const reads = new ListReads(deps as ListReadsDeps);
    await reads.warm(ORGANISATION);
    expect(list.factsReading).toBeDefined();
    await list.factsReading;
    expect(list.facts.size).toBe(COUNT);
    expect(list.facts.get('o0')?.facets.region).toBe('Bretagne');
    // Told again (a second process opened it too): the facts held are not read again.
    await reads.warm(ORGANISATION);
    expect(list.factsReading).toBeUndefined();
    expect(told).toEqual([]);
  });
});

describe('the primary passes a worker’s word on', () => {
  const worker = (connected = true) => ({ send: jest.fn(), isConnected: () => connected });

  it('to every other connected worker, not back to the sender, and nothing else than relayed signals', () => {
    const [from, other, gone, third] = [worker(), worker(), worker(false), worker()];
    const workers = [from, other, gone, third] as unknown as Worker[];
    const message = { type: 'api:relay:opportunity-list-facts', key: ORGANISATION };
    const failed = jest.fn();
    relayToSiblings(workers[0]!, message, workers, failed);
    expect(other.send).toHaveBeenCalledWith(message, undefined, expect.any(Function));
    expect(third.send).toHaveBeenCalledWith(message, undefined, expect.any(Function));
    expect(from.send).not.toHaveBeenCalled();
    expect(gone.send).not.toHaveBeenCalled();

    relayToSiblings(workers[0]!, 'api:worker-waits-for-first', workers, failed);
    relayToSiblings(workers[0]!, { kind: 'autre', topic: 'x' }, workers, failed);
    expect(other.send).toHaveBeenCalledTimes(1);
  });
});
