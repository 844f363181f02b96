// The real API process killed (SIGKILL) in the middle of a file's move to the bin, then in the middle
// of its move back: each time the next start finishes the move, and nothing is ever seen half moved.
// Runs api/dist (rebuilt here when older than the sources, as e2e/support/servers.ts starts it).
// docs/decisions/bin.md, "In chunks".
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../db/open-store';
import { STORE_FILE } from '../../db/sqlite-store';
import { type ApiProcess, freePort, post, stopApi, useBuiltApi } from '../../test-support/api-process';
import { COLUMNS, MAPPING, rowOf } from '../../test-support/prospects-test-kit';

const SIZE = 6000;

const call = (url: string, route: string, body: Record<string, unknown>) =>
  post(url, route, body) as Promise<{
    status: number;
    body: Record<string, unknown> & { value?: unknown[] };
  }>;

type Stored = { _id: string; excelId?: string; moving?: string; counts?: object };

/** What the dead process left in the store: the record's mark, the live prospects, the parts. */
async function leftBehind(dataDir: string, excelId: string) {
  const store = await openStore({ dataDir, mongodbUri: undefined });
  const record = await store.collection<Stored>('bin').findOne({ excelId });
  const live = await store.collection<Stored>('prospects').countDocuments({ excelId });
  const parts = await store.collection<Stored>('binParts').countDocuments({});
  const file = await store
    .collection<Stored & { status?: string }>('prospectFiles')
    .findOne({ _id: excelId });
  await store.close();
  return { moving: record?.moving, live, parts, fileStatus: file?.status };
}

describe('a move to or from the bin interrupted by a crash', () => {
  // 20 prospects per transaction: 300 chunks each way, so the kill lands in the middle.
  const built = useBuiltApi('api-bin-crash-', { BIN_MOVE_CHUNK: '20' });
  let api: ApiProcess | undefined;

  async function kill() {
    if (api) await stopApi(api, 'SIGKILL');
    api = undefined;
  }

  it('finishes the move at the next start, both ways, and shows nothing half moved', async () => {
    const port = await freePort();
    api = await built.start(port);
    const { url } = api;
    const registered = await call(url, '/api/register', {
      email: 'corbeille@exemple.fr',
      password: 'Motdepasse1',
      username: 'Dupont Marie',
    });
    const token = registered.body.token as string;
    const organisation = await call(url, '/api/organisation/create', {
      token,
      name: 'Société Coupure',
      phone: '0102030405',
    });
    const organisationId = (organisation.body.organisation as { _id: string })._id;
    const as = { token, organisationId };
    const started = await call(url, '/api/prospect/import/start', {
      ...as,
      name: 'Grand fichier',
      isPrivate: false,
      value: MAPPING,
      columns: COLUMNS,
      totalRows: SIZE,
    });
    const excelId = started.body.importId as string;
    for (let offset = 0; offset < SIZE; offset += 2000) {
      const rows = Array.from({ length: 2000 }, (_, i) => rowOf(1 + offset + i));
      const sent = await call(url, '/api/prospect/import/rows', { ...as, importId: excelId, offset, rows });
      expect(sent.body).toEqual({ received: offset + 2000 });
    }
    expect((await call(url, '/api/prospect/import/finish', { ...as, importId: excelId })).status).toBe(200);
    const listed = async () =>
      ((await call(url, '/api/prospect/get/all', as)).body.value as { _id: string; count: number }[]).find(
        (file) => file._id === excelId,
      );
    expect(await listed()).toMatchObject({ count: SIZE });

    // The deletion in flight; as soon as the file has left the list (the move begun), the process dies.
    const deleting = call(url, '/api/prospect/delete', { ...as, excelId }).catch(() => null);
    while (await listed()) await new Promise((resolve) => setTimeout(resolve, 5));
    await kill();
    await deleting;
    const outCut = await leftBehind(built.dataDir, excelId);
    expect(outCut.moving).toBe('out');
    expect(outCut.fileStatus).toBe('binning');
    expect(outCut.live).toBeGreaterThan(0);
    expect(outCut.live).toBeLessThan(SIZE);

    api = await built.start(port);
    expect(await listed()).toBeUndefined();
    const bin = await call(url, '/api/bin/list', as);
    const [record] = bin.body.value as { _id: string; label: string; counts: object }[];
    expect(record).toMatchObject({
      label: 'Grand fichier',
      counts: { prospects: SIZE, opportunities: 0, comments: 0 },
    });
    expect(await leftBehind(built.dataDir, excelId)).toMatchObject({ live: 0, fileStatus: undefined });

    // The restoration in flight; as soon as the record has left the bin's list, the process dies.
    const binned = async () =>
      ((await call(url, '/api/bin/list', as)).body.value as { _id: string }[]).some(
        (item) => item._id === record?._id,
      );
    const restoring = call(url, '/api/bin/restore', { ...as, binId: record?._id }).catch(() => null);
    while (await binned()) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await listed()).toBeUndefined();
    await kill();
    await restoring;
    const inCut = await leftBehind(built.dataDir, excelId);
    expect(inCut.moving).toBe('in');
    expect(inCut.fileStatus).toBe('binning');
    expect(inCut.live).toBeGreaterThan(0);
    expect(inCut.live).toBeLessThan(SIZE);

    api = await built.start(port);
    expect(await listed()).toMatchObject({ count: SIZE });
    const page = await call(url, '/api/prospect/get/value', { ...as, excelId });
    expect(page.status).toBe(200);
    expect((await call(url, '/api/bin/list', as)).body.value).toEqual([]);
    await kill();
    expect(await leftBehind(built.dataDir, excelId)).toEqual({
      moving: undefined,
      live: SIZE,
      parts: 0,
      fileStatus: 'ready',
    });
    const db = new Database(path.join(built.dataDir, STORE_FILE), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 120_000);
});
