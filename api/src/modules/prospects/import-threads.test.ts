// Import batches prepared by worker threads (import-pool.ts, import-worker.ts) are the batches the
// main thread prepares: the same documents, field for field and in the same key order, the same
// rejections and refusals; and an import through the threads stores byte for byte what an import
// without them stores, batches sent twice, overlapping and out of order included.
import pino from 'pino';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';
import { kit } from '../../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ImportPool } from './import-pool';
import { prepareBatch, type PrepareJob } from './import-rows';
import { offlinePositions } from './offline-positions';

const silent = pino({ level: 'silent' });

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
  afterAll(async () => {
    for (const t of apps) {
      t.app.locals.stop();
      await t.close();
    }
  });

  /** Imports the rows in the compact form, batches sent again, overlapping and two at once out of order. */
  async function importWith(workers: string, cells: string[][]) {
    const t = createTestApp({ env: { IMPORT_WORKERS: workers } });
    apps.push(t);
    await t.app.locals.ready;
    const k = kit(t);
    const owner = await k.owner();
    const start = await k.post('/api/prospect/import/start', {
      ...k.as(owner),
      name: 'Communes par lots',
      isPrivate: false,
      value: GOLDEN_MAPPING,
      columns: GOLDEN_COLUMNS,
      totalRows: cells.length,
      duplicates: 'skip',
    });
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
    const done = await k.finish(owner, importId);
    expect(done.status).toBe(200);
    const stored = await t.store
      .collection<Record<string, unknown> & { _id: string }>('prospects')
      .find({ excelId: done.body.excelId as string }, { sort: { rowIndex: 1 } });
    // Each document as stored, but for the ids of its organisation, owner and file (one per app).
    const fields = stored.map(({ _id, ...doc }) =>
      JSON.stringify({ ...doc, organisationId: undefined, userId: undefined, excelId: undefined }),
    );
    return { summary: done.body.summary as unknown, fields };
  }

  it('stores byte for byte what an import on the main thread stores', async () => {
    const cells = goldenCells(2600, 33);
    const threads = await importWith('2', cells);
    const mainThread = await importWith('0', cells);
    expect(threads.fields.length).toBeGreaterThan(1500);
    expect(threads.summary).toEqual(mainThread.summary);
    expect(threads.fields).toEqual(mainThread.fields);
  });
});
