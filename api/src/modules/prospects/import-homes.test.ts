// As shipped (several processes), a batch reaching a process other than the one that started its import
// is stored by that one (import-homes.ts): here two import services on two connections to one store
// file, joined as two workers of a cluster are (calls and signals through a fake primary). The stored
// rows and the summary are those of one process; a refusal comes back as it is; a home gone leaves
// the batch to the process it reached.
import type { Worker as ClusterWorker } from 'node:cluster';
import { DEFAULT_IMPORT_OPTIONS, type ImportBatchData, type ImportRowsReply } from '@app/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openSqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { announceGone, routeToWorker } from '../../cluster';
import { AppError } from '../../http/app-error';
import { PeerAbsent, type ProcessCalls, type ProcessSignals } from '../../process-signals';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';
import { ImportHomes } from './import-homes';
import { type Caller, ProspectImportService } from './import-service';
import { ProspectsRepository } from './repository';

const silent = pino({ level: 'silent' });
const caller: Caller = { organisationId: 'org-homes', userId: 'user-homes' };
const BATCH = 400;

/** Workers 1 and 2 of a cluster: what the primary hands from one to the other, a turn later. */
function fakeCluster() {
  const serving = new Map<number, (payload: string) => Promise<string>>();
  const listeners = new Map<number, ((key: string) => void)[]>();
  const goneListeners: ((worker: number) => void)[] = [];
  const gone = new Set<number>();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const calls = (self: number): ProcessCalls => ({
    self,
    async call(to, payload) {
      await turn();
      const handler = serving.get(to);
      if (gone.has(to) || !handler) throw new PeerAbsent(to);
      const answer = await handler(payload);
      await turn();
      return answer;
    },
    serve(handler) {
      serving.set(self, handler);
    },
    onGone(listener) {
      goneListeners.push(listener);
    },
  });
  const signals = (self: number): ProcessSignals => ({
    send(key) {
      for (const [worker, heard] of listeners)
        if (worker !== self && !gone.has(worker)) for (const listener of heard) listener(key);
    },
    listen(listener) {
      listeners.set(self, [...(listeners.get(self) ?? []), listener]);
      return () => undefined;
    },
  });
  return {
    homes: (self: number) => ImportHomes.create(calls(self), signals(self), silent),
    /** Worker `id` exits: the primary tells the others. */
    kill(id: number) {
      gone.add(id);
      for (const listener of goneListeners) listener(id);
    },
  };
}

type Worker = { imports: ProspectImportService; repository: ProspectsRepository; store: Store };

function worker(store: Store, homes?: ImportHomes): Worker {
  const repository = new ProspectsRepository(store);
  const imports = new ProspectImportService({
    repository,
    usernameOf: async () => 'Dupont Marie',
    now: () => Date.now(),
    notify: async () => undefined,
    record: async () => undefined,
    ...(homes ? { homes } : {}),
  });
  return { imports, repository, store };
}

/** Imports `cells` two batches at a time (the later one first), batch i through `through(i)`. */
async function importCells(
  cells: string[][],
  start: Worker,
  through: (batch: number) => Worker,
  between?: (batch: number) => void,
  end: Worker = start,
) {
  const { importId } = await start.imports.start(caller, {
    name: 'Fichier par deux processus',
    isPrivate: false,
    value: GOLDEN_MAPPING,
    columns: GOLDEN_COLUMNS,
    totalRows: cells.length,
    duplicates: 'skip',
    options: DEFAULT_IMPORT_OPTIONS,
  });
  const send = (offset: number): Promise<ImportRowsReply> =>
    through(offset / BATCH).imports.addRows(caller, {
      importId,
      offset,
      cells: cells.slice(offset, offset + BATCH),
    });
  for (let offset = 0; offset < cells.length; offset += 2 * BATCH) {
    between?.(offset / BATCH);
    await Promise.all([send(offset + BATCH), send(offset)]);
  }
  const result = await end.imports.finish(caller, importId);
  const stored = await end.store
    .collection<Record<string, unknown> & { _id: string }>('prospects')
    .find({ excelId: result.excelId as string }, { sort: { rowIndex: 1 } });
  // Each document as stored, but for its id and its file's (one per import).
  const docs = stored.map(({ _id, ...doc }) => JSON.stringify({ ...doc, excelId: undefined }));
  return { summary: result.summary, docs };
}

describe('an import whose batches reach two processes of a cluster', () => {
  const dirs: string[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const storeFile = async (connections: number) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-import-homes-'));
    dirs.push(dir);
    const opened: Store[] = [];
    for (let i = 0; i < connections; i += 1) opened.push(await openSqliteStore({ dataDir: dir }));
    stores.push(...opened);
    return opened;
  };

  /** One process alone: the reference. */
  async function alone(cells: string[][]) {
    const [store] = await storeFile(1);
    const single = worker(store as Store);
    return importCells(cells, single, () => single);
  }

  it('is stored by the process that started it, exactly as one process stores it', async () => {
    const cells = goldenCells(4_000, 41);
    const fake = fakeCluster();
    const [storeA, storeB] = await storeFile(2);
    const a = worker(storeA as Store, fake.homes(1));
    const b = worker(storeB as Store, fake.homes(2));
    const insertedByB = jest.spyOn(b.repository, 'insertProspects');
    const leasesOfB = jest.spyOn(b.repository, 'takeImportLease');
    const insertedByA = jest.spyOn(a.repository, 'insertProspects');

    const shared = await importCells(cells, a, (batch) => (batch % 2 === 0 ? a : b));
    const reference = await alone(cells);

    expect(insertedByB).not.toHaveBeenCalled();
    expect(leasesOfB).not.toHaveBeenCalled();
    expect(insertedByA).toHaveBeenCalled();
    expect(shared.docs.length).toBeGreaterThan(2_500);
    expect(shared.summary).toEqual(reference.summary);
    expect(shared.docs).toEqual(reference.docs);
  }, 60_000);

  it('answers a refused batch with the refusal of the process that stores it', async () => {
    const fake = fakeCluster();
    const [storeA, storeB] = await storeFile(2);
    const a = worker(storeA as Store, fake.homes(1));
    const b = worker(storeB as Store, fake.homes(2));
    const { importId } = await a.imports.start(caller, {
      name: 'Fichier refusé',
      isPrivate: false,
      value: GOLDEN_MAPPING,
      columns: GOLDEN_COLUMNS,
      totalRows: 10,
      duplicates: 'keep',
      options: DEFAULT_IMPORT_OPTIONS,
    });
    const tooLong: ImportBatchData = {
      importId,
      offset: 0,
      cells: [[...(goldenCells(1, 3)[0] as string[]), 'une cellule de trop']],
    };
    const there = await b.imports.addRows(caller, tooLong).catch((error: unknown) => error);
    const here = await a.imports.addRows(caller, tooLong).catch((error: unknown) => error);
    expect(there).toBeInstanceOf(AppError);
    expect(there).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((there as AppError).message).toBe((here as AppError).message);
    const missing = await b.imports
      .addRows(caller, { importId, offset: 4, cells: goldenCells(2, 5) })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 409, code: 'CONFLICT' });
  }, 30_000);

  it('is stored where its batches arrive once the process that started it is gone', async () => {
    const cells = goldenCells(4_000, 43);
    const fake = fakeCluster();
    const [storeA, storeB] = await storeFile(2);
    const a = worker(storeA as Store, fake.homes(1));
    const b = worker(storeB as Store, fake.homes(2));
    const insertedByB = jest.spyOn(b.repository, 'insertProspects');
    let killed = false;

    const shared = await importCells(
      cells,
      a,
      // After the kill, every batch reaches B (A's connection gone with it).
      (batch) => (killed || batch % 2 === 1 ? b : a),
      (batch) => {
        if (batch === 4) {
          fake.kill(1);
          killed = true;
        }
      },
      b,
    );
    const reference = await alone(cells);

    expect(insertedByB).toHaveBeenCalled();
    expect(shared.summary).toEqual(reference.summary);
    expect(shared.docs).toEqual(reference.docs);
  }, 60_000);
});

describe('the primary between two workers', () => {
  const worker = (id: number, connected = true) => ({ id, send: jest.fn(), isConnected: () => connected });

  it('hands a call to the worker it names, and its answer back; a call to a worker not there is answered absent', () => {
    const [one, two, three] = [worker(1), worker(2), worker(3, false)];
    const workers = [one, two, three] as unknown as ClusterWorker[];
    const call = { type: 'api:call:import-rows', to: 2, from: 1, id: 7, payload: '{}' };
    routeToWorker(workers[0]!, call, workers);
    expect(two.send).toHaveBeenCalledWith(call);
    const answer = { type: 'api:answer:import-rows', to: 1, id: 7, payload: '{"reply":{}}' };
    routeToWorker(workers[1]!, answer, workers);
    expect(one.send).toHaveBeenCalledWith(answer);

    routeToWorker(workers[0]!, { ...call, to: 3, id: 8 }, workers);
    routeToWorker(workers[0]!, { ...call, to: 9, id: 9 }, workers);
    expect(three.send).not.toHaveBeenCalled();
    expect(one.send).toHaveBeenCalledWith({ type: 'api:answer:import-rows', to: 1, id: 8, absent: true });
    expect(one.send).toHaveBeenCalledWith({ type: 'api:answer:import-rows', to: 1, id: 9, absent: true });

    // Nothing else is routed: relayed signals, the start's words, a message without a worker.
    routeToWorker(workers[0]!, { type: 'api:relay:import-home', key: '1:abc' }, workers);
    routeToWorker(workers[0]!, 'api:worker-waits-for-first', workers);
    routeToWorker(workers[0]!, { type: 'api:call:import-rows', id: 1 }, workers);
    expect(two.send).toHaveBeenCalledTimes(1);
    expect(one.send).toHaveBeenCalledTimes(3);
  });

  it('tells the workers left that one exited', () => {
    const [one, two, three] = [worker(1), worker(2), worker(3, false)];
    announceGone(1, [one, two, three] as unknown as ClusterWorker[]);
    expect(two.send).toHaveBeenCalledWith({ type: 'api:gone', worker: 1 });
    expect(one.send).not.toHaveBeenCalled();
    expect(three.send).not.toHaveBeenCalled();
  });
});
