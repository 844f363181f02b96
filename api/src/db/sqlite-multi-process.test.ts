// Several API processes on one DATA_DIR: each connection keeps the registry of array paths in
// memory, and must see the paths another connection recorded, or its queries on them go wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './types';

type Tagged = { _id: string; name: string; tags?: string[]; owners?: { ids: string[] }[] };

describe('two connections on one store file', () => {
  let dir: string;
  let first: Store;
  let second: Store;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-multi-'));
    first = await openSqliteStore({ dataDir: dir });
    second = await openSqliteStore({ dataDir: dir });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('matches array elements written by the other connection after both opened', async () => {
    // The second connection has queried the collection before any array existed in it.
    expect(await second.collection<Tagged>('things').countDocuments({ name: 'a' })).toBe(0);
    await first.collection<Tagged>('things').insertOne({ name: 'a', tags: ['x', 'y'] });
    await first.collection<Tagged>('things').insertOne({ name: 'b', owners: [{ ids: ['u1'] }] });
    // The next request reaching the second process runs in a later turn of its event loop.
    await new Promise((resolve) => setImmediate(resolve));

    const things = second.collection<Tagged>('things');
    expect(await things.countDocuments({ tags: 'x' })).toBe(1);
    expect(await things.countDocuments({ tags: { $in: ['y', 'z'] } })).toBe(1);
    expect(await things.countDocuments({ 'owners.ids': 'u1' })).toBe(1);
  });

  it('sees the other connection’s writes at once (WAL), and a unique index across both', async () => {
    await first.collection<Tagged>('things').createIndex({ name: 1 }, { unique: true });
    await first.collection<Tagged>('things').insertOne({ name: 'seul' });
    expect((await second.collection<Tagged>('things').findOne({ name: 'seul' }))?.name).toBe('seul');
    await expect(second.collection<Tagged>('things').insertOne({ name: 'seul' })).rejects.toThrow(
      /index unique/,
    );
  });
});
