// An import as shipped on a two-core machine: `npm start` with WEB_CONCURRENCY=2, one primary and two
// workers on one DATA_DIR, the batches of one import reaching both workers (each batch on a connection
// of its own, which the cluster hands to the workers in turn), two at a time and out of order, one sent
// twice. The lease keeps them in file order across the processes, the waiting process is woken through
// the primary (import-lease-waits.ts): the stored prospects are byte for byte those of one process.
// Runs api/dist (rebuilt here when older than the sources).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE } from '../../db/sqlite-store';
import {
  type ApiProcess,
  buildApiIfStale,
  freePort,
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

type Imported = { summary: unknown; docs: string[]; idProcessParts: Set<string> };

/** Imports `cells` into `api`'s store in batches, two at a time (the later one first), one sent twice. */
async function importThrough(api: ApiProcess, dataDir: string, cells: string[][]): Promise<Imported> {
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
    post(api.url, '/api/prospect/import/rows', {
      ...owner,
      importId,
      offset,
      cells: cells.slice(offset, offset + BATCH),
    });
  const replies: Reply[] = [];
  for (let offset = 0; offset < cells.length; offset += 2 * BATCH) {
    const pair = await Promise.all([send(offset + BATCH), send(offset)]);
    replies.push(...pair);
    if (offset === 2 * BATCH) replies.push(await send(offset));
  }
  expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
  const finished = await post(api.url, '/api/prospect/import/finish', { ...owner, importId });
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

  it('stores in file order, once, exactly what one process stores', async () => {
    const cells = goldenCells(ROWS, 35);

    const clusterDir = newDataDir();
    const cluster = await startCluster(clusterDir, 2);
    apis.push(cluster);
    const shared = await importThrough(cluster, clusterDir, cells);

    const aloneDir = newDataDir();
    const alone = await startApi(aloneDir, await freePort(), { WEB_CONCURRENCY: '1' });
    apis.push(alone);
    const single = await importThrough(alone, aloneDir, cells);

    // Both workers stored batches (their import threads' ids), one process's thread alone the other.
    expect(shared.idProcessParts.size).toBe(2);
    expect(single.idProcessParts.size).toBe(1);
    expect(shared.docs.length).toBeGreaterThan(4_000);
    expect(shared.summary).toEqual(single.summary);
    expect(shared.docs).toEqual(single.docs);
  }, 180_000);
});
