// Writes on the embedded store when several calls and several processes share it: every write takes
// the write lock up front and waits for it, and runInTransaction keeps a use case's writes whole
// (docs/decisions/write-transactions.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteStore, STORE_FILE } from './sqlite-store';
import type { Collection, Store } from './types';

type Counter = { _id: string; n: number; tags?: string[] };

let dataDir: string;
let store: Store;
let counters: Collection<Counter>;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sqlite-tx-'));
  store = await openSqliteStore({ dataDir });
  counters = store.collection<Counter>('counters');
  await counters.insertOne({ _id: 'a', n: 0 });
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('runInTransaction on the embedded store', () => {
  it('keeps none of the work’s writes when it throws, and the caller gets the error', async () => {
    await expect(
      store.runInTransaction(async () => {
        await counters.insertOne({ _id: 'b', n: 1, tags: ['x'] });
        await counters.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
        throw new Error('arrêt au milieu');
      }),
    ).rejects.toThrow('arrêt au milieu');
    expect(await counters.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 0 }]);
    // The store goes on: the next write of the same shape is kept.
    await counters.insertOne({ _id: 'b', n: 1, tags: ['x'] });
    expect(await counters.countDocuments({ tags: 'x' })).toBe(1);
  });

  it('makes the process’s other calls wait for its end: they never read its writes before the commit, nor write into it', async () => {
    let reachedMiddle!: () => void;
    const middle = new Promise<void>((resolve) => (reachedMiddle = resolve));
    const transaction = store.runInTransaction(async () => {
      await counters.insertOne({ _id: 'uncommitted', n: 1 });
      reachedMiddle();
      // The event loop turns while the transaction is open (other calls get their chance to run).
      await sleep(50);
      throw new Error('annulée');
    });
    await middle;
    const seen = counters.findOne({ _id: 'uncommitted' });
    const written = counters.insertOne({ _id: 'other', n: 2 });
    await expect(transaction).rejects.toThrow('annulée');
    expect(await seen).toBeNull();
    await written;
    expect((await counters.find({}, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['a', 'other']);
  });
});

/** A second process that takes the file's write lock, says "locked", holds it `holdMs`, then commits. */
const LOCK_HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.env.STORE_PATH);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
db.prepare('INSERT INTO c_counters (_id, doc) VALUES (?, ?)').run('other-process', JSON.stringify({ n: 7 }));
console.log('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.HOLD_MS));
db.exec('COMMIT');
db.close();
`;

/** The lock holder started and holding the file's write lock; resolves with its exit. */
async function lockHolder(holdMs: number): Promise<{ exited: Promise<unknown> }> {
  const repo = path.resolve(__dirname, '../../..');
  const child = spawn(process.execPath, ['-e', LOCK_HOLDER], {
    env: {
      ...process.env,
      STORE_PATH: path.join(dataDir, STORE_FILE),
      HOLD_MS: String(holdMs),
      NODE_PATH: [path.join(repo, 'node_modules'), path.join(repo, 'api/node_modules')].join(path.delimiter),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for await (const line of createInterface({ input: child.stdout })) if (line === 'locked') break;
  return { exited };
}

describe('two processes writing one store file', () => {
  it('waits for the other process’s write lock instead of refusing the write (SQLITE_BUSY)', async () => {
    const { exited } = await lockHolder(300);

    // A read first, as a call does before its update: a deferred transaction would now have to upgrade.
    expect((await counters.findOne({ _id: 'a' }))?.n).toBe(0);
    await counters.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
    await store.runInTransaction(() => counters.deleteOne({ _id: 'other-process' }));
    await exited;

    expect(await counters.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 1 }]);
  });

  it('refuses a write only after the busy timeout, and writes nothing of it', async () => {
    const { exited } = await lockHolder(6000);
    const started = performance.now();
    const refused = await counters.updateOne({ _id: 'a' }, { $inc: { n: 1 } }).then(
      () => null,
      (error: unknown) => error as Record<string, unknown>,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(5000);
    // With what the connection was doing, for the log (in a jest worker that ran another test file
    // first, better-sqlite3's errors are not `instanceof Error` of this file's realm).
    expect(refused).toMatchObject({ code: 'SQLITE_BUSY', inTransaction: false });
    expect(refused?.waitedMs).toBeGreaterThanOrEqual(5000);
    expect(refused?.attempts).toBeGreaterThan(0);
    await exited;
    expect((await counters.findOne({ _id: 'a' }))?.n).toBe(0);
  }, 20_000);

  it('waits for the other process’s lock under a CPU profiler too, whose signals cut SQLite’s sleeps short', async () => {
    // The profiler samples this thread with SIGPROF; each signal ends the busy handler's sleep early,
    // and the handler, counting the sleeps it asked for, gave up after about 300 ms (load.md).
    const profiler = new Session();
    profiler.connect();
    const post = (method: string, params?: object) =>
      new Promise<void>((resolve, reject) =>
        profiler.post(method, params, (error) => (error ? reject(error) : resolve())),
      );
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
    try {
      const { exited } = await lockHolder(1500);
      await counters.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
      await exited;
    } finally {
      await post('Profiler.stop');
      profiler.disconnect();
    }
    expect(await counters.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'other-process', n: 7 },
    ]);
  }, 20_000);
});
