// Several API processes on one DATA_DIR: each connection keeps the registry of array paths in
// memory, and must see the paths another connection recorded, or its queries on them go wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore, STORE_FILE } from './sqlite-store';
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

  it('waits for the other connection’s write lock without holding the event loop', async () => {
    // The first holds the lock across a timer, as a runInTransaction awaiting between its writes; the
    // second's write must wait for it. SQLite's own busy handler waits by sleeping in the thread: the
    // timer could not fire, the first never committed, and the second failed with SQLITE_BUSY.
    const things = second.collection<Tagged>('things');
    await things.countDocuments({});
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = first.runInTransaction(async () => {
      await first.collection<Tagged>('things').insertOne({ name: 'premier' });
      await released;
      await first.collection<Tagged>('things').insertOne({ name: 'deuxième' });
    });
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = things.insertOne({ name: 'après' });
    // Only the event loop can let the first finish: its next turn, while the second write waits on its
    // timer. (A 20 ms timer here failed once on a loaded CI machine: past 100 ms of waiting, the second
    // write waits in SQLite's busy handler, which two connections of one thread cannot get out of.)
    setImmediate(release);
    await Promise.all([holding, waiting]);
    await new Promise((resolve) => setImmediate(resolve));
    const names = (await things.find({}, { sort: { _id: 1 } })).map((thing) => thing.name);
    expect(names.sort()).toEqual(['après', 'deuxième', 'premier']);
  });

  it('reads a search over a field the index carries as without it, and replaces the plain index', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      name: `ligne ${i}`,
      group: i % 3,
      order: 300 - i,
      text: i % 7 === 0 ? `crèche numéro ${i}` : i % 11 === 0 ? { pas: 'un texte' } : `atelier ${i}`,
    }));
    type Row = (typeof rows)[number] & { _id: string };
    const plain = first.collection<Row>('rows');
    await plain.createIndex({ group: 1, order: 1 });
    await plain.insertMany(rows);
    const query = (collection: typeof plain) =>
      Promise.all([
        collection.countDocuments({ group: 1, text: { $regex: /crèche/ } }),
        collection.find({ group: 1, text: { $regex: /crèche/ } }, { sort: { order: 1 }, limit: 5 }),
        collection.countDocuments({ group: 2, text: { $regex: /numéro 1\d/ } }),
        collection.find({ group: 0 }, { sort: { order: 1 }, skip: 10, limit: 5 }),
      ]);
    const before = await query(plain);
    await plain.createIndex({ group: 1, order: 1 }, { carries: ['text'] });
    const carried = second.collection<Row>('rows');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await query(carried)).toEqual(before);
    expect(before[0]).toBeGreaterThan(0);
    const raw = new Database(path.join(dir, STORE_FILE), { readonly: true });
    const indexes = raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c_rows'")
      .pluck()
      .all()
      .filter((name) => String(name).startsWith('ix_'));
    raw.close();
    expect(indexes).toEqual(['ix_c_rows__group_1__order_1__c_text']);
  });
});
