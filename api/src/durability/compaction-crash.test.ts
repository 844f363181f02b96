// The embedded store is compacted when the API stops (WAL checkpoint, then VACUUM once a quarter of
// the file is free and no other process has it open). Here the real API process is killed (SIGKILL)
// while VACUUM rewrites the file: nothing acknowledged is lost, SQLite finds the file intact, the API
// starts, and the next stop compacts it. Decision: docs/decisions/durability.md.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore, STORE_FILE } from '../db/sqlite-store';
import { COLUMNS, MAPPING, rowOf } from '../test-support/prospects-test-kit';
import {
  type ApiProcess,
  freePort,
  post,
  signUpOwner,
  stopApi,
  useBuiltApi,
} from '../test-support/api-process';

const ROWS_PER_FILE = 16_000;
const BATCH = 2000;

type Owner = { token: string; organisationId: string };

async function importFile(url: string, as: Owner, name: string, first: number): Promise<string> {
  const started = await post(url, '/api/prospect/import/start', {
    ...as,
    name,
    isPrivate: false,
    value: MAPPING,
    columns: COLUMNS,
    totalRows: ROWS_PER_FILE,
  });
  const importId = started.body.importId as string;
  for (let offset = 0; offset < ROWS_PER_FILE; offset += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => rowOf(first + offset + i));
    const sent = await post(url, '/api/prospect/import/rows', { ...as, importId, offset, rows });
    expect(sent.body).toEqual({ received: offset + BATCH });
  }
  const finished = await post(url, '/api/prospect/import/finish', { ...as, importId });
  expect(finished.status).toBe(200);
  return importId;
}

/** The file's size, 0 when it does not exist (SQLite may remove it between two looks). */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * What SQLite says of the file, read with a connection of our own once the API is gone (opening it
 * rolls back a rewrite a kill left unfinished, as any next start does).
 */
function inspect(dataDir: string): { integrity: unknown; freePages: number; pages: number } {
  const db = new Database(path.join(dataDir, STORE_FILE));
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      freePages: db.pragma('freelist_count', { simple: true }) as number,
      pages: db.pragma('page_count', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

/** The same, read-only, while another connection still has the file open. */
function inspectShared(dataDir: string): { freePages: number; pages: number } {
  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  try {
    return {
      freePages: db.pragma('freelist_count', { simple: true }) as number,
      pages: db.pragma('page_count', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

describe('the API killed while it compacts the embedded store', () => {
  const built = useBuiltApi('api-compaction-crash-');
  let api: ApiProcess | undefined;

  it('loses nothing acknowledged, keeps an intact file that the API opens, and compacts at the next stop', async () => {
    const port = await freePort();
    api = await built.start(port);
    const { url } = api;
    const as = await signUpOwner(url, 'compactage@exemple.fr');
    const kept = await importFile(url, as, 'Fichier gardé', 1);
    const removed = await importFile(url, as, 'Fichier supprimé', 100_000);
    const opportunityIds: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const taken = await post(url, '/api/opportunity/takeNext', as);
      opportunityIds.push(taken.body.opportunityId as string);
    }
    const statuses = await post(url, '/api/opportunity/status', as);
    const statusId = (statuses.body.status as { _id: string }[])[0]?._id;
    for (const opportunityId of opportunityIds) {
      const won = await post(url, '/api/opportunity/setWin', { ...as, opportunityId });
      expect(won.status).toBe(200);
      const commented = await post(url, '/api/messages/post', {
        ...as,
        opportunityId,
        message: `Gagné avant l’arrêt ${opportunityId}`,
        statusId,
      });
      expect(commented.status).toBe(200);
    }
    // Half of the file's pages become free: the untouched prospects go to the bin ("Annuler l'import",
    // issue 23), which the purge then empties (its 30 days passed), through a second connection.
    expect((await post(url, '/api/prospect/undoImport', { ...as, excelId: removed })).status).toBe(200);
    const purger = await openSqliteStore({ dataDir: built.dataDir });
    try {
      await purger.collection('binParts').deleteMany({});
      await purger.collection('bin').deleteMany({});
    } finally {
      await purger.close();
    }

    // SIGTERM: the API stops serving, checkpoints, leaves WAL mode (it is the only process on the
    // file), then VACUUM rewrites the file, saving the old pages in the rollback journal first.
    // Killed as soon as that journal holds something.
    const wal = path.join(built.dataDir, `${STORE_FILE}-wal`);
    const journal = path.join(built.dataDir, `${STORE_FILE}-journal`);
    const running = api;
    running.child.kill('SIGTERM');
    let killedDuringVacuum = false;
    while (running.child.exitCode === null && running.child.signalCode === null) {
      if (sizeOf(journal) > 256 * 1024) {
        running.child.kill('SIGKILL');
        killedDuringVacuum = true;
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await stopApi(running, 'SIGKILL');
    expect(killedDuringVacuum).toBe(true);
    expect(running.child.signalCode).toBe('SIGKILL');
    expect(sizeOf(journal)).toBeGreaterThan(0);

    const afterKill = inspect(built.dataDir);
    expect(afterKill.integrity).toBe('ok');
    // The rewrite did not commit: the free pages are still there, to be given back at the next stop.
    expect(afterKill.freePages).toBeGreaterThanOrEqual(afterKill.pages / 4);

    api = await built.start(port);
    const files = await post(url, '/api/prospect/get/all', as);
    expect(
      (files.body.value as { _id: string; count: number }[]).map((file) => [file._id, file.count]),
    ).toEqual([[kept, ROWS_PER_FILE]]);
    for (const opportunityId of opportunityIds) {
      const detail = await post(url, '/api/opportunity/get', { ...as, opportunityId });
      const view = detail.body.opportunity as { state: string; message: { text: string }[] };
      expect(view.state).toBe('WIN');
      expect(view.message.map((message) => message.text)).toEqual([`Gagné avant l’arrêt ${opportunityId}`]);
    }
    const sizeBefore = sizeOf(path.join(built.dataDir, STORE_FILE));
    await stopApi(api);
    api = undefined;

    const compacted = inspect(built.dataDir);
    expect(compacted.integrity).toBe('ok');
    expect(compacted.freePages).toBe(0);
    expect(sizeOf(path.join(built.dataDir, STORE_FILE))).toBeLessThan(sizeBefore * 0.8);
    expect(sizeOf(wal)).toBe(0);
  }, 180_000);
});

describe('compaction while another process has the store open', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-compaction-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the file as it is until the last one closes, which compacts it', async () => {
    const first = await openSqliteStore({ dataDir });
    const second = await openSqliteStore({ dataDir });
    const rows = first.collection<{ _id: string; text: string }>('rows');
    for (let batch = 0; batch < 40; batch += 1)
      await rows.insertMany(
        Array.from({ length: 250 }, (_, i) => ({ text: `${batch}-${i} ${'x'.repeat(1500)}` })),
      );
    await rows.deleteMany({});
    await rows.insertOne({ text: 'gardée' });

    await first.close();
    const whileOpen = inspectShared(dataDir);
    expect(whileOpen.freePages).toBeGreaterThanOrEqual(whileOpen.pages / 4);
    expect(await second.collection<{ _id: string; text: string }>('rows').countDocuments({})).toBe(1);

    await second.close();
    const compacted = inspect(dataDir);
    expect(compacted).toEqual({ integrity: 'ok', freePages: 0, pages: compacted.pages });
    expect(compacted.pages).toBeLessThan(whileOpen.pages / 4);
  });
});
