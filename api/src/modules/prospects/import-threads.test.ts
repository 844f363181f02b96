// Import batches prepared by worker threads (import-pool.ts, import-worker.ts) are the batches the
// main thread prepares: the same documents, field for field and in the same key order, the same
// rejections and refusals; and an import through the threads stores byte for byte what an import
// without them stores, batches sent twice, overlapping and out of order included.
import { DEFAULT_IMPORT_OPTIONS } from '@app/domain';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openSqliteStore, STORE_FILE } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { niceOfThread, threadNices } from '../../test-support/thread-nices';
import { BACKGROUND_NICE } from '../../thread-priority';
import { ImportPool } from './import-pool';
import { HELD_PART_ROWS, prepareBatch, type PreparedInThread, type PrepareJob } from './import-rows';
import { offlinePositions } from './offline-positions';
import { ProspectsRepository } from './repository';

/** Starts an import of `totalRows` rows in the golden file's columns and mapping. */
function startGoldenImport(
  k: ReturnType<typeof kit>,
  owner: Member,
  name: string,
  totalRows: number,
  duplicates: 'keep' | 'skip' = 'skip',
) {
  return k.post('/api/prospect/import/start', {
    ...k.as(owner),
    name,
    isPrivate: false,
    value: GOLDEN_MAPPING,
    columns: GOLDEN_COLUMNS,
    totalRows,
    duplicates,
  });
}

const silent = pino({ level: 'silent' });

// The threads give way (nice 10, thread-priority.ts): on CI the browser tests' Chromium and servers
// share the two cores with this file, and a thread that gives way then runs 5 to 10 times slower (4
// busy loops beside it: 95 s for this file against 15 s). The guard against a hung test grows to match.
jest.setTimeout(180_000);

/** Finishes the import and reads its file's documents back, in row order. */
async function finishedFile(
  t: Pick<TestApp, 'store'>,
  k: ReturnType<typeof kit>,
  owner: Member,
  importId: string,
) {
  const done = await k.finish(owner, importId);
  expect(done.status).toBe(200);
  const stored = await t.store
    .collection<Record<string, unknown> & { _id: string }>('prospects')
    .find({ excelId: done.body.excelId as string }, { sort: { rowIndex: 1 } });
  // Each document as stored, but for the ids of its organisation, owner and file (one per app).
  const fields = stored.map(({ _id, ...doc }) =>
    JSON.stringify({ ...doc, organisationId: undefined, userId: undefined, excelId: undefined }),
  );
  return { summary: done.body.summary as unknown, stored, fields };
}

const job = (cells: string[][], offset = 0): PrepareJob => ({
  organisationId: 'org',
  excelId: 'file',
  userId: 'user',
  isPrivate: true,
  columns: GOLDEN_COLUMNS,
  mapping: GOLDEN_MAPPING,
  options: { keepTitle: true, removeRowsWithout: ['codePostale'] },
  offset,
  cells,
});

describe('batches prepared by a worker thread', () => {
  let pool: ImportPool | undefined;
  afterEach(async () => {
    await pool?.stop();
  });

  /** `work` over a fresh store file whose prospects table exists (as after the API's start), with a pool of `threads` over it. */
  async function withStoreFile(threads: number, work: (store: Store, pool: ImportPool) => Promise<void>) {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-import-file-'));
    const store = await openSqliteStore({ dataDir: dir });
    try {
      await store.collection('prospects').createIndex({ excelId: 1 });
      pool = ImportPool.create(threads, silent, dir);
      if (!pool) throw new Error('pas de fil d’import');
      await work(store, pool);
    } finally {
      await pool?.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('are the batches the main thread prepares, key order included', async () => {
    pool = ImportPool.create(1, silent);
    const cells = goldenCells(1200, 31);
    const inThread = await pool?.prepare(job(cells, 4000), true);
    const onMain = await prepareBatch(job(cells, 4000), offlinePositions());
    expect(inThread?.rows.length).toBeGreaterThan(1000);
    expect(inThread?.rejected.length).toBeGreaterThan(0);
    expect(inThread?.badRows).toEqual([]);
    expect(inThread?.rejected).toEqual(onMain.rejected);
    // The texts compared: a difference in a value or in the order of a document's keys fails alike.
    const differing = onMain.rows.filter((row, at) => row.body !== inThread?.rows[at]?.body);
    expect(differing).toEqual([]);
    expect(inThread?.rows).toEqual(onMain.rows);
    expect(inThread?.shape).toEqual(onMain.shape);
    expect(inThread?.shape.numbers).toEqual(expect.arrayContaining(['rowIndex']));
    expect(inThread?.shape.booleans).toEqual(expect.arrayContaining(['isAccepted', 'isPrivate']));
  });

  it('insert prepared rows from their own connection, seen at once by the other connections to the file', async () => {
    await withStoreFile(1, async (store, pool) => {
      expect(pool.inserts).toBe(true);
      const prepared = await prepareBatch(job(goldenCells(1200, 35), 0), undefined);
      const inserted = await pool.insert(
        prepared.rows.map((row) => row.body),
        prepared.shape,
      );
      expect(inserted).toBe(prepared.rows.length);
      const stored = await store
        .collection<{ _id: string; excelId: string; rowIndex: number; isPrivate: boolean }>('prospects')
        .find({ excelId: 'file', isPrivate: true }, { sort: { rowIndex: 1 } });
      expect(stored.map(({ _id, ...doc }) => JSON.stringify(doc))).toEqual(
        prepared.rows.map((row) => row.body),
      );
      // A range on a number the thread's shape registered answers from this connection too.
      const later = await store
        .collection<{ _id: string; rowIndex: number }>('prospects')
        .countDocuments({ rowIndex: { $gte: 600 } });
      expect(later).toBe(prepared.rows.filter((row) => row.rowIndex >= 600).length);
    });
  });

  it('insert a held batch’s chosen rows part by part, and store none of a batch whose texts lack a row', async () => {
    await withStoreFile(2, async (store, pool) => {
      const cells = goldenCells(1200, 36);
      const expected = await prepareBatch(job(cells), undefined);
      const stored = () =>
        store
          .collection<{ _id: string; excelId: string; rowIndex: number }>('prospects')
          .find({ excelId: 'file' }, { sort: { rowIndex: 1 } });

      // Rows chosen across the parts (HELD_PART_ROWS each): every third one left out.
      const held = await pool.prepareHeld(job(cells), false);
      expect(held.rows.length).toBeGreaterThan(3 * HELD_PART_ROWS);
      const chosen = held.rows.filter((_, at) => at % 3 !== 0).map((row) => row.rowIndex);
      expect(await pool.insertHeld(held, chosen)).toBe(chosen.length);
      expect((await stored()).map(({ _id, ...doc }) => JSON.stringify(doc))).toEqual(
        expected.rows.filter((row) => chosen.includes(row.rowIndex)).map((row) => row.body),
      );

      // A row the batch does not hold, asked for after the last part: the insert fails, none stored.
      const again = await pool.prepareHeld(job(cells, cells.length), false);
      const rowIndexes = [...again.rows.map((row) => row.rowIndex), 10 * cells.length];
      await expect(pool.insertHeld(again, rowIndexes)).rejects.toThrow(
        `ligne ${10 * cells.length} absente du lot préparé`,
      );
      expect(await stored()).toHaveLength(chosen.length);
    });
  });

  (process.platform === 'linux' ? it : it.skip)(
    'give way to the calls when they only prepare; the thread that inserts (and holds the write lock) does not',
    async () => {
      const lowered = () => threadNices(process.pid).filter(({ nice }) => nice === BACKGROUND_NICE).length;
      // Under a test run started at the background value or lower, nothing is left to lower.
      if (niceOfThread(process.pid, process.pid) >= BACKGROUND_NICE) return;
      const before = lowered();
      const dir = mkdtempSync(path.join(tmpdir(), 'api-import-nice-'));
      const store = await openSqliteStore({ dataDir: dir });
      const prepared = await prepareBatch(job(goldenCells(40, 37), 0), undefined);
      const work = async (size: number, dataDir?: string) => {
        pool = ImportPool.create(size, silent, dataDir);
        await pool?.prepare(job(goldenCells(40, 37), 0), false);
        if (dataDir)
          await pool?.insert(
            prepared.rows.map((row) => row.body),
            prepared.shape,
          );
        // One thread inserting, one preparing (import-pool.ts, slotFor): both have started.
        await pool?.prepare(job(goldenCells(40, 38), 40), false);
        const count = lowered() - before;
        await pool?.stop();
        return count;
      };
      try {
        await store.collection('prospects').createIndex({ excelId: 1 });
        expect(await work(2, dir)).toBe(1);
        // A lone thread over the file inserts too: it keeps the normal priority.
        expect(await work(1, dir)).toBe(0);
        // Without the file (MongoDB), threads only ever prepare.
        expect(await work(1)).toBe(1);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('are started by warm, the preparing one with the positions table built, and then prepare as before', async () => {
    pool = ImportPool.create(2, silent);
    expect(pool?.running).toBe(0);
    await pool?.warm(true);
    expect(pool?.running).toBe(2);
    const cells = goldenCells(60, 39);
    expect(await pool?.prepare(job(cells), true)).toEqual(await prepareBatch(job(cells), offlinePositions()));
  });

  it('report a row with more cells than the file has columns, with its file line, as the main thread does', async () => {
    pool = ImportPool.create(2, silent);
    const cells = goldenCells(30, 32);
    cells[12] = [...(cells[12] ?? []), 'de trop'];
    const inThread = await pool?.prepare(job(cells, 100), false);
    expect(inThread).toEqual(await prepareBatch(job(cells, 100), undefined));
    expect(inThread?.badRows).toEqual([
      {
        index: 112,
        message: `La ligne 113 a plus de cellules que le fichier n’a de colonnes (${GOLDEN_COLUMNS.length})`,
      },
    ]);
  });
});

describe('an import through the threads', () => {
  const apps: TestApp[] = [];
  const files: SharedStore[] = [];
  afterAll(async () => {
    for (const t of apps) {
      t.app.locals.stop();
      await t.close();
    }
    for (const file of files) await file.close();
  });

  /**
   * Imports the rows in the compact form, batches sent again, overlapping and two at once out of
   * order; in memory, or over a store file (`onFile`), where the threads insert the rows themselves.
   */
  async function importWith(workers: string, cells: string[][], onFile = false) {
    let t: Pick<TestApp, 'app' | 'store'>;
    if (onFile) {
      const file = openSharedStore('api-import-threads-', () => Date.now());
      files.push(file);
      t = await file.instance({ env: { IMPORT_WORKERS: workers } });
    } else {
      const memory = createTestApp({ env: { IMPORT_WORKERS: workers } });
      apps.push(memory);
      await memory.app.locals.ready;
      t = memory;
    }
    const k = kit(t);
    const owner = await k.owner();
    const start = await startGoldenImport(k, owner, 'Communes par lots', cells.length);
    const importId = start.body.importId as string;
    const send = (offset: number, end: number) =>
      k.post('/api/prospect/import/rows', {
        ...k.as(owner),
        importId,
        offset,
        cells: cells.slice(offset, end),
      });
    const replies = [await send(0, 700), await send(0, 700), await send(500, 1200)];
    replies.push(...(await Promise.all([send(1900, cells.length), send(1200, 1900)])));
    expect(replies.map((reply) => reply.body)).toEqual([
      { received: 700 },
      { received: 700 },
      { received: 1200 },
      { received: cells.length },
      { received: 1900 },
    ]);
    const { summary, stored, fields } = await finishedFile(t, k, owner, importId);
    // An id's bytes 5 to 9 are drawn once per thread that made it (db/ids.ts): which threads inserted.
    const inserters = new Set(stored.map(({ _id }) => _id.slice(8, 18)));
    return { summary, fields, inserters };
  }

  (process.platform === 'linux' ? it : it.skip)(
    'starts its threads when the import starts, before the first batch arrives',
    async () => {
      const threads = () => readdirSync(`/proc/${process.pid}/task`).length;
      const memory = createTestApp({ env: { IMPORT_WORKERS: '2' } });
      apps.push(memory);
      await memory.app.locals.ready;
      const k = kit(memory);
      const owner = await k.owner();
      const before = threads();
      const start = await startGoldenImport(k, owner, 'Communes à venir', 10);
      expect(start.status).toBe(200);
      // No batch is ever sent: the two threads appear all the same (started without waiting for them).
      for (let i = 0; i < 600 && threads() < before + 2; i += 1) await sleep(50);
      expect(threads()).toBeGreaterThanOrEqual(before + 2);
    },
  );

  it('stores byte for byte what an import on the main thread stores', async () => {
    const cells = goldenCells(2600, 33);
    const threads = await importWith('2', cells);
    const mainThread = await importWith('0', cells);
    expect(threads.fields.length).toBeGreaterThan(1500);
    expect(threads.summary).toEqual(mainThread.summary);
    expect(threads.fields).toEqual(mainThread.fields);
  });

  it('stores byte for byte the same when the threads insert over the store file, the texts never on the main thread', async () => {
    const cells = goldenCells(2600, 34);
    // Watched, not replaced: the threads' inserts all succeeded, none fell back to the main thread,
    // and the documents' texts went from the preparing thread to the inserting one (insertHeld),
    // never back to the main thread (prepare) nor from it (insert).
    const threadInserts = jest.spyOn(ImportPool.prototype, 'insertHeld');
    const textsSent = jest.spyOn(ImportPool.prototype, 'insert');
    const textsBack = jest.spyOn(ImportPool.prototype, 'prepare');
    const mainInserts = jest.spyOn(ProspectsRepository.prototype, 'insertProspects');
    const inserting = await importWith('1', cells, true);
    expect(threadInserts).toHaveBeenCalled();
    for (const result of threadInserts.mock.results) await expect(result.value).resolves.toBeGreaterThan(0);
    expect(textsSent).not.toHaveBeenCalled();
    expect(textsBack).not.toHaveBeenCalled();
    expect(mainInserts).not.toHaveBeenCalled();
    jest.restoreAllMocks();
    const mainThread = await importWith('0', cells);
    expect(inserting.fields.length).toBeGreaterThan(1500);
    expect(inserting.summary).toEqual(mainThread.summary);
    expect(inserting.fields).toEqual(mainThread.fields);
  });

  it('stores the same bytes when a thread’s insert fails: the main thread prepares those rows again and stores them', async () => {
    const cells = goldenCells(2600, 35);
    jest
      .spyOn(ImportPool.prototype, 'insertHeld')
      .mockRejectedValueOnce(new Error('fil arrêté'))
      .mockRejectedValueOnce(new Error('fil arrêté'));
    const mainInserts = jest.spyOn(ProspectsRepository.prototype, 'insertProspects');
    const inserting = await importWith('2', cells, true);
    expect(mainInserts).toHaveBeenCalledTimes(2);
    jest.restoreAllMocks();
    const mainThread = await importWith('0', cells);
    expect(inserting.summary).toEqual(mainThread.summary);
    expect(inserting.fields).toEqual(mainThread.fields);
  });

  it('with two threads over the store file, inserts every batch from one while the other prepares, the same bytes', async () => {
    const cells = goldenCells(2600, 36);
    const inserting = await importWith('2', cells, true);
    const mainThread = await importWith('0', cells);
    expect(inserting.inserters.size).toBe(1);
    expect(inserting.fields.length).toBeGreaterThan(1500);
    expect(inserting.summary).toEqual(mainThread.summary);
    expect(inserting.fields).toEqual(mainThread.fields);
  });
});

describe('the lease of an import another instance holds', () => {
  it('is answered busy without waiting for the store’s write lock, which the holder’s thread keeps while it inserts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-import-lease-'));
    const store = await openSqliteStore({ dataDir: dir });
    const inserting = new Database(path.join(dir, STORE_FILE));
    try {
      const repository = new ProspectsRepository(store);
      await repository.ensureIndexes();
      const caller = { organisationId: 'org', userId: 'user' };
      const file = await repository.insertFile({
        ...caller,
        username: 'Importeur',
        name: 'Fichier en cours',
        isPrivate: false,
        manual: false,
        status: 'importing',
        count: 0,
        countSelected: 0,
        date: 1,
        lastModificationDate: 1,
        importStartedAt: 1,
        lastActivityAt: 1,
        mapping: GOLDEN_MAPPING,
        columns: GOLDEN_COLUMNS,
        totalRows: 4000,
        duplicates: 'keep',
        options: DEFAULT_IMPORT_OPTIONS,
        received: 0,
        imported: 0,
        duplicatesFound: 0,
        duplicatesSkipped: 0,
        siretFlagged: 0,
        rejected: [],
        rejectedCount: 0,
      });
      expect(await repository.takeImportLease(caller, file._id, 'holder', 1000, 61_000)).toBe('taken');
      // The holder's thread inserting a batch: the write lock is taken on another connection.
      inserting.pragma('busy_timeout = 0');
      inserting.prepare('BEGIN IMMEDIATE').run();
      try {
        // A write would wait busy_timeout (5 s) for the lock and then fail: the look comes first.
        expect(await repository.takeImportLease(caller, file._id, 'waiting', 2000, 62_000)).toBe('busy');
        expect(await repository.takeImportLease(caller, 'absent', 'waiting', 2000, 62_000)).toBe('missing');
      } finally {
        inserting.prepare('ROLLBACK').run();
      }
      await repository.releaseImportLease(file._id, 'holder');
      expect(await repository.takeImportLease(caller, file._id, 'waiting', 3000, 63_000)).toBe('taken');
      // An expired lease is taken over.
      expect(await repository.takeImportLease(caller, file._id, 'late', 64_000, 124_000)).toBe('taken');

      // A batch's acknowledgement needs the lease: the previous holder's is refused, nothing moves.
      const counts = {
        imported: 10,
        duplicatesFound: 0,
        duplicatesSkipped: 0,
        siretFlagged: 0,
        rejectedCount: 0,
      };
      const seen = { _id: file._id, received: 0 };
      expect(await repository.acknowledgeBatch(seen, 10, counts, [], 65_000, { token: 'waiting' })).toBe(
        false,
      );
      // The holder's, extended for its next batch: the lease stays, until the new end.
      expect(
        await repository.acknowledgeBatch(seen, 10, counts, [], 65_000, { token: 'late', until: 200_000 }),
      ).toBe(true);
      expect(await repository.takeImportLease(caller, file._id, 'other', 150_000, 210_000)).toBe('busy');
      // Given back in the acknowledgement itself: free at once.
      const next = { _id: file._id, received: 10 };
      expect(await repository.acknowledgeBatch(next, 20, counts, [], 66_000, { token: 'late' })).toBe(true);
      expect(await repository.findOwnImport(caller.organisationId, caller.userId, file._id)).toMatchObject({
        received: 20,
        imported: 20,
      });
      expect(await repository.takeImportLease(caller, file._id, 'other', 67_000, 127_000)).toBe('taken');
    } finally {
      inserting.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('batches sent two at a time, as the modal does', () => {
  const files: SharedStore[] = [];
  afterAll(async () => {
    for (const file of files) await file.close();
  });

  /**
   * Every 7th row from the second batch on repeats a row of the batch just before it, which is being
   * stored while its successor's duplicates are looked up.
   */
  function cellsWithNeighbourDuplicates(): string[][] {
    const cells = goldenCells(3000, 37);
    for (let index = 500; index < cells.length; index += 7)
      cells[index] = [...(cells[index - 500 + (index % 3)] ?? [])];
    return cells;
  }

  /** Imports in batches of 500, `inFlight` at a time (each next one sent when one is answered). */
  async function importOn(
    t: Pick<TestApp, 'app' | 'store'>,
    cells: string[][],
    duplicates: 'keep' | 'skip',
    inFlight: number,
  ) {
    const k = kit(t);
    const owner = await k.owner();
    const start = await startGoldenImport(k, owner, `Voisins ${duplicates}`, cells.length, duplicates);
    const importId = start.body.importId as string;
    const sending = new Set<Promise<unknown>>();
    for (let offset = 0; offset < cells.length; offset += 500) {
      const sent = k
        .post('/api/prospect/import/rows', {
          ...k.as(owner),
          importId,
          offset,
          cells: cells.slice(offset, offset + 500),
        })
        .then((reply) => expect(reply.status).toBe(200));
      sending.add(sent);
      void sent.finally(() => sending.delete(sent));
      if (sending.size >= inFlight) await Promise.race(sending);
    }
    await Promise.all(sending);
    const { summary, fields } = await finishedFile(t, k, owner, importId);
    return { summary: summary as { duplicates: number }, fields };
  }

  it.each(['keep', 'skip'] as const)(
    'hand the lease from one to the next and look duplicates up during the insert before, and store the same bytes as one at a time (%s)',
    async (duplicates) => {
      const cells = cellsWithNeighbourDuplicates();
      const file = openSharedStore('api-import-pipeline-', () => Date.now());
      files.push(file);
      const t = await file.instance({ env: { IMPORT_WORKERS: '2' } });
      const takes = jest.spyOn(ProspectsRepository.prototype, 'takeImportLease');
      const lookups = jest.spyOn(ProspectsRepository.prototype, 'existingDedupKeys');
      const prepares = jest.spyOn(ImportPool.prototype, 'prepareHeld');
      const paired = await importOn(t, cells, duplicates, 2);
      // Begun early, by the thread that prepares each batch: its keys come back with it (`found`),
      // and the event loop looks up none of them.
      const prepared = await Promise.all(
        prepares.mock.results.map((result) => result.value as Promise<PreparedInThread>),
      );
      const lookedUpInThread = prepared.filter((batch) => batch.found !== undefined).length;
      const lookedUpHere = lookups.mock.calls.length;
      const leases = takes.mock.calls.length;
      takes.mockRestore();
      lookups.mockRestore();
      prepares.mockRestore();

      const memory = createTestApp({ env: { IMPORT_WORKERS: '0' } });
      await memory.app.locals.ready;
      try {
        const alone = await importOn(memory, cells, duplicates, 1);
        expect(alone.summary.duplicates).toBeGreaterThan(300);
        expect(paired.summary).toEqual(alone.summary);
        expect(paired.fields).toEqual(alone.fields);
      } finally {
        memory.app.locals.stop();
        await memory.close();
      }
      expect(prepared).toHaveLength(6);
      expect(lookedUpInThread).toBe(6);
      expect(lookedUpHere).toBe(0);
      // Six batches and the finish: fewer leases taken than calls, the others handed over.
      expect(leases).toBeLessThan(7);
    },
  );
});
