// A file's pages built by a thread of the file reads (file-read-pool.ts, file-read-worker.ts): the
// same bytes as the event loop builds, for pages and searches; the event loop reads no page meanwhile;
// a page asked right after a write shows it; a thread that cannot read leaves the page to the event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedInstance, type SharedStore } from '../../test-support/shared-store';
import { FileReadPool } from './file-read-pool';
import { ProspectsRepository, type ProspectFileDoc } from './repository';

describe('a file’s pages read by a thread', () => {
  let shared: SharedStore;
  let threaded: SharedInstance;
  let onLoop: SharedInstance;
  let owner: Member;
  let excelId: string;

  beforeAll(async () => {
    shared = openSharedStore('api-file-reads-', () => Date.now());
    threaded = await shared.instance({ env: { FILE_READ_WORKERS: '1' } });
    onLoop = await shared.instance({ env: { FILE_READ_WORKERS: '0' } });
    const k = kit(threaded);
    owner = await k.owner('Société Alpha');
    const rows = Array.from({ length: 1200 }, (_value, i) => rowOf(i + 1));
    rows.push(
      rowOf(1201, { 'Raison sociale': 'Société "Guillemets" \\ barre', Enseigne: 'Ligne\nsuivante' }),
      rowOf(1202, { 'Raison sociale': 'Crèche Œuvre 😀', Ville: 'Saint-Étienne', CP: '06000' }),
    );
    ({ excelId } = await k.loadOk(owner, rows));
  }, 30_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await shared.close();
  });

  it('gives the bytes the event loop gives, and the event loop reads none of them', async () => {
    const inputs = [
      { offset: 0, limit: 500 },
      { offset: 500, limit: 500 },
      { offset: 1000, limit: 500 },
      { offset: 5000, limit: 500 },
      { offset: 0, limit: 500, search: 'societe 4' },
      { offset: 20, limit: 10, search: 'societe 1' },
      { offset: 0, limit: 500, search: 'guillemets' },
      { offset: 0, limit: 500, search: 'creche oeuvre' },
      { offset: 0, limit: 500, search: '06 000' },
      { offset: 0, limit: 500, search: 'introuvable' },
    ];
    const expected: string[] = [];
    for (const input of inputs) {
      const res = await kit(onLoop).page(owner, excelId, input);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).total).toBeGreaterThanOrEqual(0);
      expected.push(res.text);
    }
    const mainThreadReads = jest.spyOn(ProspectsRepository.prototype, 'pageTextsOfFile');
    const mainThreadCounts = jest.spyOn(ProspectsRepository.prototype, 'countOfFile');
    for (const [at, input] of inputs.entries()) {
      const res = await kit(threaded).page(owner, excelId, input);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect([input, res.text]).toEqual([input, expected[at]]);
    }
    expect(mainThreadReads).not.toHaveBeenCalled();
    expect(mainThreadCounts).not.toHaveBeenCalled();
    mainThreadReads.mockRestore();
    mainThreadCounts.mockRestore();
  }, 30_000);

  it('sends the page gzipped by the thread to a client that takes gzip, and as text to one that does not', async () => {
    const k = kit(onLoop);
    const body = { ...k.as(owner), excelId, offset: 0, limit: 500 };
    const expected = (await k.post('/api/prospect/get/value', body)).text;
    const gzipped = await request(threaded.app)
      .post('/api/prospect/get/value')
      .set('Accept-Encoding', 'gzip')
      .send(body);
    const plain = await request(threaded.app)
      .post('/api/prospect/get/value')
      .set('Accept-Encoding', 'identity')
      .send(body);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // Its length known before it is sent: gzipped whole by the thread, not streamed by the compression
    // middleware (which sends without one).
    expect(Number(gzipped.headers['content-length'])).toBeLessThan(Buffer.byteLength(expected) / 3);
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gzipped.text).toBe(expected);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    expect(plain.text).toBe(expected);
  }, 30_000);

  it('shows a write made just before it, every time', async () => {
    const k = kit(threaded);
    const first = JSON.parse((await k.page(owner, excelId, { offset: 0, limit: 40 })).text) as {
      value: { _id: string; isAccepted: boolean; username: string }[];
    };
    for (const prospect of first.value.slice(0, 15)) {
      const taken = await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: prospect._id });
      expect(taken.status).toBe(200);
      // The same page and a search that finds it, asked at once after the write's answer.
      const [page, search] = await Promise.all([
        k.page(owner, excelId, { offset: 0, limit: 40 }),
        k.page(owner, excelId, { offset: 0, limit: 500, search: 'societe' }),
      ]);
      for (const res of [page, search]) {
        const row = (JSON.parse(res.text) as typeof first).value.find((one) => one._id === prospect._id);
        expect(row?.isAccepted).toBe(true);
      }
    }
  }, 30_000);

  it('refuses nothing the event loop refuses: another organisation’s file is not found', async () => {
    const other = await kit(threaded).owner('Société Bêta');
    const res = await kit(threaded).page(other, excelId, { offset: 0, limit: 10 });
    expect(res.status).toBe(404);
  }, 30_000);
});

describe('a thread of the file reads that cannot read', () => {
  it('leaves the page to the caller (null), logged', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-file-reads-none-'));
    const errors: unknown[] = [];
    const pool = FileReadPool.create(dir, 1, { error: (...args: unknown[]) => errors.push(args) } as never);
    try {
      // No store file in that DATA_DIR: the thread fails to open its connection.
      const file = { _id: 'f', organisationId: 'o', username: 'Quelqu’un' } as ProspectFileDoc;
      expect(await pool?.pageJson(file, { excelId: 'f', offset: 0, limit: 10 }, false)).toBeNull();
      expect(errors).toHaveLength(1);
    } finally {
      await pool?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('is not made without the store’s file (MongoDB, or none asked)', () => {
    const logger = pino({ level: 'silent' });
    expect(FileReadPool.create(undefined, 1, logger)).toBeUndefined();
    expect(FileReadPool.create('/tmp', 0, logger)).toBeUndefined();
  });
});
