// The import stores exactly what it stored before it was made faster: benchmark-like rows (real
// communes, duplicates, blanks, rows without a name, SIRETs with and without spaces) go in through the
// batched calls (one object per row, and the compact columns + cells form), and through the spec's
// one-shot /load; the stored prospects (every field, positions included), the dedup results and the
// summaries are compared with import-golden.json, recorded on the code before the speed work.
// Re-record (only after an intended change of the stored form): UPDATE_IMPORT_GOLDEN=1 npx jest import-golden
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import {
  GOLDEN_COLUMNS,
  GOLDEN_MAPPING,
  goldenCells,
  rowObjectOf,
} from '../../test-support/import-golden-data';

const GOLDEN_FILE = path.join(__dirname, 'import-golden.json');
/** Rows per digest chunk: a difference is reported with the rows it lies in. */
const CHUNK = 200;

type Stored = Record<string, unknown> & { _id: string; excelId: string; rowIndex: number };

type Golden = {
  files: { name: string; summary: unknown; count: number }[];
  prospects: number;
  chunks: string[];
  first: unknown[];
};

describe('import results are those of the code before the speed work', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  async function batched(
    name: string,
    cells: string[][],
    duplicates: 'keep' | 'skip',
    form: 'rows' | 'cells',
    options: Record<string, unknown> = {},
  ) {
    const start = await k.post('/api/prospect/import/start', {
      ...k.as(owner),
      name,
      isPrivate: false,
      value: GOLDEN_MAPPING,
      columns: GOLDEN_COLUMNS,
      totalRows: cells.length,
      duplicates,
      options,
    });
    expect(start.status).toBe(200);
    const importId = start.body.importId as string;
    for (let offset = 0; offset < cells.length; offset += 700) {
      const batch = cells.slice(offset, offset + 700);
      const body =
        form === 'rows' ? { rows: batch.map(rowObjectOf) } : { columns: GOLDEN_COLUMNS, cells: batch };
      const res = await k.post('/api/prospect/import/rows', { ...k.as(owner), importId, offset, ...body });
      expect(res.status).toBe(200);
    }
    const done = await k.finish(owner, importId);
    expect(done.status).toBe(200);
    return done.body as { excelId: string; summary: unknown };
  }

  /** Imports the benchmark-like files one after the other (each sees the earlier ones' rows). */
  async function importAll(form: 'rows' | 'cells') {
    const first = goldenCells(2600, 21);
    const files = [
      { name: 'Communes gardées', ...(await batched('Communes gardées', first, 'keep', form)) },
      {
        name: 'Communes sans doublons',
        ...(await batched(
          'Communes sans doublons',
          [...first.slice(1000, 1600), ...goldenCells(900, 22, 5000)],
          'skip',
          form,
          { keepTitle: false, removeRowsWithout: ['codePostale'] },
        )),
      },
    ];
    const load = await k.post('/api/prospect/load', {
      ...k.as(owner),
      name: 'Chargement en une fois',
      isPrivate: false,
      value: GOLDEN_MAPPING,
      exel: [...first.slice(0, 150), ...goldenCells(250, 23, 9000)].map(rowObjectOf),
      duplicates: 'skip',
    });
    expect(load.status).toBe(200);
    files.push({ name: 'Chargement en une fois', ...(load.body as { excelId: string; summary: unknown }) });
    return files;
  }

  async function digest(files: { name: string; excelId: string; summary: unknown }[]): Promise<Golden> {
    const prospects = t.store.collection<Stored>('prospects');
    const lines: string[] = [];
    const first: unknown[] = [];
    const counts: Golden['files'] = [];
    for (const [position, file] of files.entries()) {
      const rows = await prospects.find({ excelId: file.excelId }, { sort: { rowIndex: 1 } });
      counts.push({ name: file.name, summary: file.summary, count: rows.length });
      for (const row of rows) {
        const { _id, organisationId, userId, excelId, ...fields } = row;
        expect([organisationId, userId, excelId]).toEqual([owner.organisationId, owner.userId, file.excelId]);
        // Keys sorted: the digest is of the values, whatever order a document's fields are written in.
        const canonical = Object.fromEntries(
          Object.entries({ ...fields, file: position }).sort(([a], [b]) => (a < b ? -1 : 1)),
        );
        if (first.length < 5) first.push(canonical);
        lines.push(JSON.stringify(canonical));
      }
    }
    const chunks: string[] = [];
    for (let at = 0; at < lines.length; at += CHUNK)
      chunks.push(
        createHash('sha256')
          .update(lines.slice(at, at + CHUNK).join('\n'))
          .digest('hex')
          .slice(0, 16),
      );
    // Remove this run's files, so the next form starts from the same organisation.
    for (const file of files)
      expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId: file.excelId })).status).toBe(
        200,
      );
    return { files: counts, prospects: lines.length, chunks, first };
  }

  it.each(['rows', 'cells'] as const)('stores the same prospects as recorded (%s form)', async (form) => {
    const got = await digest(await importAll(form));
    if (process.env.UPDATE_IMPORT_GOLDEN === '1' && form === 'rows')
      writeFileSync(GOLDEN_FILE, `${JSON.stringify(got, null, 2)}\n`);
    expect(existsSync(GOLDEN_FILE)).toBe(true);
    const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as Golden;
    expect(got.files).toEqual(golden.files);
    expect(got.first).toEqual(golden.first);
    expect(got.prospects).toBe(golden.prospects);
    const differing = got.chunks.flatMap((chunk, index) =>
      chunk === golden.chunks[index] ? [] : [`lignes ${index * CHUNK}–${index * CHUNK + CHUNK - 1}`],
    );
    expect(differing).toEqual([]);
  });
});
