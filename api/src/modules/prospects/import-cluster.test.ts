// An import as shipped on a two-core machine: `npm start` with WEB_CONCURRENCY=2, one primary and two
// workers on one DATA_DIR, the batches of one import reaching both workers (each batch on a connection
// of its own, which the cluster hands to the workers in turn), two at a time and out of order, one sent
// twice. The lease keeps them in file order across the processes, the waiting process is woken through
// the primary (import-lease-waits.ts): the stored prospects are byte for byte those of one process.
// Then the same import with its workers killed (SIGKILL) between batches, one, the other, then both at
// once: the primary stays, replaces them, the API answers again and the import ends with the same bytes
// (every-core.md, "A worker killed during an import").
// Runs api/dist (rebuilt here when older than the sources).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { STORE_FILE } from '../../db/sqlite-store';
import {
  type ApiProcess,
  buildApiIfStale,
  childrenOf,
  freePort,
  isRunning,
  postOnNewConnection as post,
  type Reply,
  signUpOwner,
  startApi,
  startCluster,
  stopApi,
} from '../../test-support/api-process';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';

const ROWS = 6_000;
const BATCH = 500;

/** Kills every pid outright (SIGKILL) and waits until they are gone. */
async function kill(...pids: number[]): Promise<void> {
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  while (pids.some(isRunning)) await sleep(20);
}

/**
 * `post` as the browser's upload sends a batch: a call that got no answer (the connection refused or
 * cut while no worker listens) is sent again, here until the API has been unreachable for a minute.
 */
async function postAgainUntilAnswered(url: string, route: string, body: Record<string, unknown>) {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      return await post(url, route, body);
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await sleep(250);
    }
  }
}

type Imported = { summary: unknown; docs: string[]; idProcessParts: Set<string> };

/**
 * Imports `cells` into `api`'s store in batches, by pairs, one sent twice; `between` runs before each
 * pair. `twoAtATime`: the two of a pair sent together, the later one first; else one after the other.
 */
async function importThrough(
  api: ApiProcess,
  dataDir: string,
  cells: string[][],
  { twoAtATime = true, between }: { twoAtATime?: boolean; between?: (offset: number) => Promise<void> } = {},
): Promise<Imported> {
  const owner = await signUpOwner(api.url, 'grappe.import@exemple.fr');
  const start = await post(api.url, '/api/prospect/import/start', {
    ...owner,
    name: 'Communes par deux processus',
    isPrivate: false,
    value: GOLDEN_MAPPING,
    columns: GOLDEN_COLUMNS,
    totalRows: cells.length,
    duplicates: 'skip',
  });
  expect(start.status).toBe(200);
  const importId = start.body.importId as string;
  const send = (offset: number) =>
    postAgainUntilAnswered(api.url, '/api/prospect/import/rows', {
      ...owner,
      importId,
      offset,
      cells: cells.slice(offset, offset + BATCH),
    });
  const replies: Reply[] = [];
  for (let offset = 0; offset < cells.length; offset += 2 * BATCH) {
    await between?.(offset);
    if (twoAtATime) replies.push(...(await Promise.all([send(offset + BATCH), send(offset)])));
    else replies.push(await send(offset), await send(offset + BATCH));
    if (offset === 2 * BATCH) replies.push(await send(offset));
  }
  expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
  const finished = await postAgainUntilAnswered(api.url, '/api/prospect/import/finish', {
    ...owner,
    importId,
  });
  expect(finished.status).toBe(200);
  const excelId = finished.body.excelId as string;

  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  try {
    const rows = db.prepare("SELECT _id, doc FROM c_prospects WHERE doc->>'excelId' = ?").all(excelId) as {
      _id: string;
      doc: string;
    }[];
    const docs = rows
      .map((row) => JSON.parse(row.doc) as Record<string, unknown> & { rowIndex: number })
      .sort((a, b) => a.rowIndex - b.rowIndex)
      // Each document as stored, but for the ids of its organisation, owner and file (one per store).
      .map((doc) =>
        JSON.stringify({ ...doc, organisationId: undefined, userId: undefined, excelId: undefined }),
      );
    // An id's bytes 5 to 9 are drawn once per thread that made it (db/ids.ts): which processes stored rows.
    return {
      summary: finished.body.summary,
      docs,
      idProcessParts: new Set(rows.map((row) => row._id.slice(8, 18))),
    };
  } finally {
    db.close();
  }
}

describe('an import whose batches reach both processes of `npm start` (WEB_CONCURRENCY=2)', () => {
  const dataDirs: string[] = [];
  const apis: ApiProcess[] = [];
  beforeAll(() => buildApiIfStale(), 180_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api, 'SIGKILL')));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });
  const newDataDir = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-import-cluster-'));
    dataDirs.push(dataDir);
    return dataDir;
  };

  const cells = goldenCells(ROWS, 35);
  // The same import through one process (WEB_CONCURRENCY=1), made once for both tests.
  let reference: Promise<Imported> | undefined;
  const alone = () => {
    reference ??= (async () => {
      const aloneDir = newDataDir();
      const api = await startApi(aloneDir, await freePort(), { WEB_CONCURRENCY: '1' });
      apis.push(api);
      return importThrough(api, aloneDir, cells);
    })();
    return reference;
  };

  it('stores in file order, once, exactly what one process stores', async () => {
    const clusterDir = newDataDir();
    const cluster = await startCluster(clusterDir, 2);
    apis.push(cluster);
    const shared = await importThrough(cluster, clusterDir, cells);
    const single = await alone();

    // Both workers stored batches (their import threads' ids), one process's thread alone the other.
    expect(shared.idProcessParts.size).toBe(2);
    expect(single.idProcessParts.size).toBe(1);
    expect(shared.docs.length).toBeGreaterThan(4_000);
    expect(shared.summary).toEqual(single.summary);
    expect(shared.docs).toEqual(single.docs);
  }, 180_000);

  // The workers killed (SIGKILL) between batches: the first; two batches later the second and the
  // first's replacement, still starting (that one stopped the whole API: a worker that never listened
  // was taken for a failed start); two batches later both again. Five deaths, the most the primary
  // replaces within a minute. For a while no worker listens and the port refuses connections. The
  // primary stays and replaces each; every batch is answered 200 (sent again when no worker took its
  // connection, as the browser's upload does) and the same bytes are stored, once, as by one process
  // receiving the batches two at a time.
  it('survives its workers killed between batches: the API answers again, the import ends with the same bytes', async () => {
    const killedDir = newDataDir();
    const killed = await startCluster(killedDir, 2);
    apis.push(killed);
    const primary = killed.child.pid as number;
    const [first, second] = childrenOf(primary) as [number, number];
    const survived = await importThrough(killed, killedDir, cells, {
      // One at a time: a batch sent ahead of its predecessor waits 3 s at most for it (GAP_WAIT_MS),
      // less than a replacement may take to start on a loaded machine, and is then refused (409).
      twoAtATime: false,
      between: async (offset) => {
        if (offset === 2 * BATCH) await kill(first);
        if (offset === 4 * BATCH) await kill(...childrenOf(primary));
        if (offset === 6 * BATCH) await kill(...childrenOf(primary));
      },
    });
    expect(isRunning(primary)).toBe(true);
    expect(killed.child.exitCode).toBeNull();
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(first);
    expect(workers).not.toContain(second);
    expect((await fetch(`${killed.url}/healthz`)).status).toBe(200);
    const single = await alone();
    expect(survived.summary).toEqual(single.summary);
    expect(survived.docs).toEqual(single.docs);
  }, 300_000);
});
