// What the embedded store promises beyond the shared contract: the file under DATA_DIR, indexes that
// SQLite really uses, durability when the process is killed, refusal of an unreadable file, and the
// one-time import of a NeDB DATA_DIR.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Datastore from '@seald-io/nedb';
import { transformFileSync } from '@swc/core';
import Database from 'better-sqlite3';
import { DuplicateKeyError } from './errors';
import { NedbImportError } from './nedb-import';
import { literalOf, orderByClause, requiredTextOf, whereClause } from './sqlite-query';
import { openSqliteStore, STORE_FILE, StoreOpenError } from './sqlite-store';

type Prospect = {
  _id: string;
  organisationId: string;
  name: string;
  createdAt: number;
  tags?: string[];
  hits?: number;
  isAccepted?: boolean;
};

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SQLite under DATA_DIR', () => {
  it('keeps documents, unique indexes and array paths across a restart, in DATA_DIR/store.sqlite', async () => {
    const first = await openSqliteStore({ dataDir });
    const col = first.collection<Prospect>('prospects');
    await col.createIndex({ name: 1 }, { unique: true });
    await col.insertOne({ organisationId: 'o1', name: 'Alice', createdAt: 1, tags: ['vip'] });
    await col.updateOne({ name: 'Alice' }, { $inc: { hits: 2 } });
    await first.close();
    expect(existsSync(path.join(dataDir, STORE_FILE))).toBe(true);

    const second = await openSqliteStore({ dataDir });
    const again = second.collection<Prospect>('prospects');
    expect((await again.findOne({ name: 'Alice' }))?.hits).toBe(2);
    expect(await again.countDocuments({ tags: 'vip' })).toBe(1);
    await expect(
      again.insertOne({ organisationId: 'o1', name: 'Alice', createdAt: 2 }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    await second.close();
  });

  it('answers an organisation count and a sorted page from the indexes, not a table scan', async () => {
    const store = await openSqliteStore({ dataDir });
    const col = store.collection<Prospect>('prospects');
    await col.createIndex({ organisationId: 1, createdAt: -1 });
    await col.createIndex({ organisationId: 1, isAccepted: 1 });
    // Enough organisations that the planner's statistics (gathered at close) favour the indexes.
    await col.insertMany(
      Array.from({ length: 500 }, (_, index) => ({
        organisationId: `o${index % 50}`,
        name: `P${index}`,
        createdAt: index,
        isAccepted: index % 7 === 0,
      })),
    );
    await store.close();

    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    const plan = (sql: string, params: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join(' | ');
    const where = whereClause({ organisationId: 'o1' }, new Set());
    expect(plan(`SELECT count(*) FROM c_prospects WHERE ${where.sql}`, where.params)).toMatch(
      /USING (COVERING )?INDEX/,
    );
    const page = plan(
      `SELECT _id, doc FROM c_prospects WHERE ${where.sql}${orderByClause({ createdAt: -1 })} LIMIT 500`,
      where.params,
    );
    expect(page).toMatch(/USING INDEX/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    const accepted = whereClause({ organisationId: 'o1', isAccepted: true }, new Set());
    expect(plan(`SELECT _id FROM c_prospects WHERE ${accepted.sql}`, accepted.params)).toMatch(
      /USING (COVERING )?INDEX ix_c_prospects__organisationId_1__isAccepted_1/,
    );
    db.close();
  });

  it('answers a boolean or numeric condition from the index when the field held nothing else (the scalar registry)', async () => {
    const store = await openSqliteStore({ dataDir });
    const col = store.collection<Prospect>('prospects');
    await col.createIndex({ organisationId: 1, isAccepted: 1, createdAt: 1 });
    await col.insertMany(
      Array.from({ length: 500 }, (_, index) => ({
        organisationId: `o${index % 50}`,
        name: `P${index}`,
        createdAt: index,
        isAccepted: index % 7 === 0,
      })),
    );
    await store.close();

    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    const registry = {
      booleans: new Set(['isAccepted']),
      numbers: new Set(['createdAt']),
    };
    const where = whereClause(
      { organisationId: 'o1', isAccepted: { $ne: true }, createdAt: { $gte: 100 } },
      new Set(),
      registry,
    );
    expect(where.sql).not.toContain('json_type');
    expect(
      (
        db
          .prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM c_prospects WHERE ${where.sql}`)
          .all(...where.params) as {
          detail: string;
        }[]
      ).map((row) => row.detail),
    ).toEqual([expect.stringMatching(/USING COVERING INDEX/)]);
    expect(
      db
        .prepare(`SELECT count(*) FROM c_prospects WHERE ${where.sql}`)
        .pluck()
        .get(...where.params),
    ).toBe(
      Array.from({ length: 500 }, (_, index) => index).filter(
        (index) => index % 50 === 1 && index % 7 !== 0 && index >= 100,
      ).length,
    );
    // Without the registry (or when the field held both), the JSON type guards the comparison.
    expect(whereClause({ isAccepted: true }, new Set()).sql).toContain('json_type');
    db.close();
  });

  it('indexes only the documents holding a field (onlyWith), and a query asking for that field uses it', async () => {
    const store = await openSqliteStore({ dataDir });
    const col = store.collection<Prospect & { takenAt?: number }>('prospects');
    await col.createIndex({ organisationId: 1, takenAt: 1, name: 1 }, { onlyWith: 'takenAt' });
    await col.insertMany(
      Array.from({ length: 300 }, (_, index) => ({
        organisationId: `o${index % 3}`,
        name: `P${index}`,
        createdAt: index,
        ...(index % 10 === 0 ? { takenAt: index } : {}),
      })),
    );
    expect(await col.countDocuments({ organisationId: 'o0', takenAt: { $gte: 0 } })).toBe(10);
    await store.close();
    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    const where = whereClause({ organisationId: 'o0', takenAt: { $gte: 0 } }, new Set(), {
      booleans: new Set(),
      numbers: new Set(['takenAt']),
    });
    expect(
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT json_extract(doc, '$."name"') FROM c_prospects WHERE ${where.sql}`,
        )
        .all(...where.params)
        .map((row) => (row as { detail: string }).detail)
        .join(' | '),
    ).toMatch(/USING COVERING INDEX ix_c_prospects__organisationId_1__takenAt_1__name_1__w_takenAt/);
    // Only the ten documents holding the field are in it.
    expect(
      db
        .prepare(
          'SELECT count(*) FROM c_prospects INDEXED BY ix_c_prospects__organisationId_1__takenAt_1__name_1__w_takenAt WHERE json_extract(doc, \'$."takenAt"\') IS NOT NULL',
        )
        .pluck()
        .get(),
    ).toBe(30);
    db.close();
  });

  it('counts a group by seeking its index when one holds the filter, the keys and then the bucket, with the figures of a sort', async () => {
    const store = await openSqliteStore({ dataDir });
    type Comment = {
      _id: string;
      organisationId: string;
      userId?: string;
      statusName?: string;
      date: number;
    };
    const comments = store.collection<Comment>('comments');
    await comments.insertMany(
      Array.from({ length: 600 }, (_, index) => ({
        organisationId: `o${index % 3}`,
        ...(index % 11 === 0 ? {} : { userId: `u${index % 7}` }),
        ...(index % 13 === 0 ? {} : { statusName: ['Mail', 'Appel', 'PP'][index % 3] }),
        date: (index * 37) % 100,
      })),
    );
    const spec = {
      by: {
        userId: 'userId',
        status: 'statusName',
        day: { field: 'date', boundaries: [10, 30, 50, 70, 90] },
      },
      totals: { count: { $count: true as const } },
      within: [{ field: 'date', from: 5, to: 95 }],
    };
    const key = (row: Record<string, unknown>) => JSON.stringify(row);
    const bySort = (await comments.group({ organisationId: 'o1' }, spec)).map(key).sort();
    const one = (await comments.group({ organisationId: 'o1', userId: 'u3' }, spec)).map(key).sort();
    await store.close();

    // A new process (no statement cached), with the index the seeks need.
    const reopened = await openSqliteStore({ dataDir });
    const indexed = reopened.collection<Comment>('comments');
    await indexed.createIndex({ organisationId: 1, userId: 1, statusName: 1, date: 1 });
    const original = Database.prototype.prepare;
    const prepared: string[] = [];
    const spy = jest.spyOn(Database.prototype, 'prepare').mockImplementation(function (
      this: Database.Database,
      sql: string,
    ) {
      prepared.push(sql);
      return original.call(this, sql);
    });
    try {
      expect((await indexed.group({ organisationId: 'o1' }, spec)).map(key).sort()).toEqual(bySort);
      expect((await indexed.group({ organisationId: 'o1', userId: 'u3' }, spec)).map(key).sort()).toEqual(
        one,
      );
    } finally {
      spy.mockRestore();
    }
    expect(bySort.length).toBeGreaterThan(20);
    expect(prepared.some((sql) => sql.startsWith('SELECT count(*)') && sql.includes(' IS ?'))).toBe(true);
    expect(prepared.some((sql) => sql.includes('GROUP BY'))).toBe(false);
    await reopened.close();
  });

  it('fills the scalar registry from the stored documents when the table is new (a store written before it)', async () => {
    const first = await openSqliteStore({ dataDir });
    const col = first.collection<{ _id: string; label: string; flag?: unknown; nested?: unknown }>('things');
    await col.insertMany([
      { label: 'true', flag: true },
      { label: 'one', flag: 1 },
      { label: 'deep', nested: [{ flag: false }, { flag: 0 }] },
    ]);
    await first.close();
    const raw = new Database(path.join(dataDir, STORE_FILE));
    raw.exec('DROP TABLE _scalar_paths');
    raw.close();

    const second = await openSqliteStore({ dataDir });
    const again = second.collection<{ _id: string; label: string; flag?: unknown }>('things');
    expect((await again.find({ flag: true })).map((doc) => doc.label)).toEqual(['true']);
    expect((await again.find({ flag: 1 })).map((doc) => doc.label)).toEqual(['one']);
    await second.close();
    const check = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    expect(
      check
        .prepare("SELECT path || ':' || kind FROM _scalar_paths WHERE collection = 'things' ORDER BY 1")
        .pluck()
        .all(),
    ).toEqual(['flag:boolean', 'flag:number', 'nested.flag:boolean', 'nested.flag:number']);
    check.close();
  });

  it('learns from another process that a boolean field now also holds numbers, from the next turn', async () => {
    const mine = await openSqliteStore({ dataDir });
    const theirs = await openSqliteStore({ dataDir });
    try {
      const col = mine.collection<{ _id: string; flag: unknown }>('things');
      await col.insertOne({ _id: 'a', flag: true });
      expect(await col.countDocuments({ flag: true })).toBe(1);
      await theirs.collection<{ _id: string; flag: unknown }>('things').insertOne({ _id: 'b', flag: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      expect((await col.find({ flag: true })).map((doc) => doc._id)).toEqual(['a']);
      expect((await col.find({ flag: 1 })).map((doc) => doc._id)).toEqual(['b']);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('commits every write before it returns, even in a turn whose reads share one read transaction, and sees other connections’ writes from the next turn', async () => {
    const store = await openSqliteStore({ dataDir });
    const things = store.collection<{ _id: string; n: number }>('things');
    await things.insertOne({ _id: 'a', n: 1 });
    const other = new Database(path.join(dataDir, STORE_FILE));
    const seenByOther = (id: string) =>
      other.prepare('SELECT count(*) FROM c_things WHERE _id = ?').pluck().get(id);
    try {
      // A read opens this turn's read transaction; the write that follows is committed at once.
      expect(await things.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
      await things.insertOne({ _id: 'b', n: 2 });
      expect(seenByOther('b')).toBe(1);
      await things.updateOne({ _id: 'a' }, { $set: { n: 3 } });
      expect(
        other.prepare("SELECT json_extract(doc, '$.n') FROM c_things WHERE _id = 'a'").pluck().get(),
      ).toBe(3);
      await things.deleteOne({ _id: 'b' });
      expect(seenByOther('b')).toBe(0);
      // A read after the write sees it.
      expect(await things.countDocuments({})).toBe(1);

      // Another process writes: visible from the next turn of the event loop.
      expect(await things.findOne({ _id: 'c' })).toBeNull();
      other.prepare('INSERT INTO c_things (_id, doc) VALUES (?, ?)').run('c', JSON.stringify({ n: 4 }));
      await new Promise((resolve) => setImmediate(resolve));
      expect(await things.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 4 });
    } finally {
      other.close();
      await store.close();
    }
  });

  it('checkpoints the WAL in a thread of its own, while the event loop is busy elsewhere', async () => {
    // Issue 21: the checkpoint (and its fsyncs) ran inside the COMMIT that passed 1,000 pages of WAL,
    // holding the event loop. Now the API's connection never checkpoints: a thread does. A few hundred
    // pages are written (under SQLite's automatic threshold), then this thread blocks: only another
    // thread can copy them into the database file meanwhile.
    const store = await openSqliteStore({ dataDir });
    const things = store.collection<{ _id: string; text: string }>('things');
    const file = path.join(dataDir, STORE_FILE);
    try {
      await things.insertOne({ _id: 'first', text: '' });
      const sizeBefore = statSync(file).size;
      await things.insertMany(
        Array.from({ length: 300 }, (_value, index) => ({ _id: `t${index}`, text: 'x'.repeat(2000) })),
      );
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(300 * 2000);
      const pause = new Int32Array(new SharedArrayBuffer(4));
      const giveUpAt = Date.now() + 30_000;
      while (statSync(file).size <= sizeBefore + 300 * 2000 && Date.now() < giveUpAt)
        Atomics.wait(pause, 0, 0, 20);
      expect(statSync(file).size).toBeGreaterThan(sizeBefore + 300 * 2000);
      expect(await things.countDocuments({})).toBe(301);
    } finally {
      await store.close();
    }
  });

  it('refuses to open a file that is not a SQLite database, names DATA_DIR, and leaves the file as it was', async () => {
    const file = path.join(dataDir, STORE_FILE);
    writeFileSync(file, 'ceci n’est pas une base de données '.repeat(200));
    const before = readFileSync(file);
    const opening = openSqliteStore({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
    await expect(opening).rejects.toThrow(/DATA_DIR/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

/** The store compiled to CommonJS for a child process (the test runs TypeScript in-process only). */
function compileStoreForChild(into: string): void {
  const source = __dirname;
  for (const file of readdirSync(source)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const { code } = transformFileSync(path.join(source, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    writeFileSync(path.join(into, file.replace(/\.ts$/, '.js')), code);
  }
}

const WRITER = `
const { openSqliteStore } = require('./sqlite-store');
(async () => {
  const store = await openSqliteStore({ dataDir: process.env.STORE_DIR });
  const col = store.collection('burst');
  await col.insertOne({ _id: 'counter', n: 0 });
  for (let i = 0; ; i += 1) {
    const { insertedId } = await col.insertOne({ i, text: 'x'.repeat(200) });
    await col.updateOne({ _id: 'counter' }, { $inc: { n: 1 } });
    process.stdout.write(insertedId + ' ' + (i + 1) + '\\n');
  }
})();
`;

describe('$regex translation', () => {
  it('reads an escaped literal as a substring test done by SQLite, anything else as a regular expression', () => {
    expect(literalOf(/a\.b \(lyon\) x\/y/)).toBe('a.b (lyon) x/y');
    expect(literalOf(new RegExp('société'))).toBe('société');
    for (const pattern of [/a.b/, /^a/, /a$/, /a|b/, /\d/, /a/i, /(?:)/, /a{2}/])
      expect([String(pattern), literalOf(pattern)]).toEqual([String(pattern), null]);
    expect(whereClause({ name: { $regex: /a\.b/ } }, new Set()).sql).toContain('instr(');
    expect(whereClause({ name: { $regex: /a.b/ } }, new Set()).sql).toContain('mongo_regex(');
  });

  it('lets SQLite keep only the rows holding a pattern’s leading text before the regular expression', async () => {
    expect(requiredTextOf(/societe 1[ .-]*2/)).toBe('societe 1');
    expect(requiredTextOf(/contact@societe\.7 \d/)).toBe('contact@societe.7 ');
    expect(requiredTextOf(/ab*c/)).toBe('a');
    expect(requiredTextOf(/a\.?b/)).toBe('a');
    expect(requiredTextOf(/ab\d/)).toBe('ab');
    for (const pattern of [/^ab/, /a*/, /ab|cd/, /x(ab|cd)/, /ab/i, /\dab/, /[a]b/])
      expect([String(pattern), requiredTextOf(pattern)]).toEqual([String(pattern), null]);
    const texts = [
      'societe 12',
      'societe 1 2',
      'societe 1-2',
      'societe 13',
      'la societe 1.2 ici',
      'societe12',
    ];
    const store = await openSqliteStore({ dataDir });
    const col = store.collection<{ _id: string; text: unknown }>('required');
    await col.insertMany([...texts.map((text) => ({ text })), { text: 12 }, { text: ['societe 1 2'] }]);
    for (const pattern of [/societe 1[ .-]*2/, /ab*c/, /e 1\.?2/, /^societe 1/])
      expect([
        String(pattern),
        (await col.find({ text: { $regex: pattern } })).map((doc) => doc.text),
      ]).toEqual([
        String(pattern),
        [
          ...texts.filter((text) => pattern.test(text)),
          ...(pattern.test('societe 1 2') ? [['societe 1 2']] : []),
        ],
      ]);
    await store.close();
  });
});

describe('durability', () => {
  // Under a full CI (builds and browsers beside it) the child's 3,000 commits once took over 30 s, and
  // later more than 120 s: 600 commits kill it as surely mid-burst.
  const KILL_AFTER = 300;

  it('keeps every acknowledged write when the process is killed with SIGKILL in a burst of writes', async () => {
    const code = mkdtempSync(path.join(tmpdir(), 'sqlite-child-'));
    let child: ChildProcess | undefined;
    try {
      compileStoreForChild(code);
      writeFileSync(path.join(code, 'writer.js'), WRITER);
      const repo = path.resolve(__dirname, '../../..');
      child = spawn(process.execPath, [path.join(code, 'writer.js')], {
        env: {
          ...process.env,
          STORE_DIR: dataDir,
          NODE_PATH: [path.join(repo, 'node_modules'), path.join(repo, 'api/node_modules')].join(
            path.delimiter,
          ),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const acknowledged: string[] = [];
      let lastCount = 0;
      const writer = child;
      const exited = new Promise((resolve) => writer.once('exit', resolve));
      // Killed mid-burst, after KILL_AFTER acknowledged writes (each a commit waiting for the disk).
      for await (const line of createInterface({ input: writer.stdout as NodeJS.ReadableStream })) {
        const [id, count] = line.split(' ');
        acknowledged.push(id as string);
        lastCount = Number(count);
        if (acknowledged.length === KILL_AFTER) writer.kill('SIGKILL');
      }
      await exited;
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

      const store = await openSqliteStore({ dataDir });
      const col = store.collection<{ _id: string; n?: number }>('burst');
      const found = await col.find({ _id: { $in: acknowledged } }, { projection: { _id: 1 } });
      expect(found.length).toBe(acknowledged.length);
      expect((await col.findOne({ _id: 'counter' }))?.n).toBeGreaterThanOrEqual(lastCount);
      await store.close();
    } finally {
      // A test stopped by its guard leaves no writer behind (jest would not exit).
      if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(code, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('upgrading a DATA_DIR written by the NeDB version', () => {
  async function writeWithNedb(collection: string, work: (db: Datastore) => Promise<void>): Promise<void> {
    const db = new Datastore({ filename: path.join(dataDir, `${collection}.db`) });
    await db.loadDatabaseAsync();
    await work(db);
    // Left uncompacted on purpose: updates and removals stay as appended lines, as after a crash.
  }

  async function seedNedb(): Promise<void> {
    await writeWithNedb('users', async (db) => {
      await db.ensureIndexAsync({ fieldName: 'email', unique: true });
      await db.insertAsync({
        _id: '0123456789abcdef01234567',
        email: 'a@exemple.fr',
        createdAt: new Date(1000),
      });
      await db.insertAsync({ _id: '0123456789abcdef01234568', email: 'b@exemple.fr', tags: ['x'] });
      await db.updateAsync({ email: 'a@exemple.fr' }, { $set: { name: 'Alice Martin' } }, {});
      await db.removeAsync({ email: 'b@exemple.fr' }, {});
    });
    await writeWithNedb('organisations', async (db) => {
      await db.insertAsync({
        _id: '0123456789abcdef01234569',
        name: 'Société Générale d’Œuvres',
        members: ['u1'],
      });
    });
  }

  it('imports every collection once, with the last state of each document, and keeps the NeDB files aside', async () => {
    await seedNedb();
    const store = await openSqliteStore({ dataDir });
    const users = store.collection<{ _id: string; email: string; name?: string; createdAt?: number }>(
      'users',
    );
    expect(await users.find({})).toEqual([
      { _id: '0123456789abcdef01234567', email: 'a@exemple.fr', createdAt: 1000, name: 'Alice Martin' },
    ]);
    const organisations = store.collection<{ _id: string; name: string; members: string[] }>('organisations');
    expect((await organisations.findOne({ members: 'u1' }))?.name).toBe('Société Générale d’Œuvres');
    await store.close();

    const entries = readdirSync(dataDir);
    expect(entries.filter((entry) => entry.endsWith('.db'))).toEqual([]);
    const aside = entries.find((entry) => entry.startsWith('nedb-importe-')) as string;
    expect(readdirSync(path.join(dataDir, aside)).sort()).toEqual(['organisations.db', 'users.db']);

    const reopened = await openSqliteStore({ dataDir });
    expect(await reopened.collection('users').countDocuments()).toBe(1);
    await reopened.close();
  });

  it('when a crash came after the import but before the files were moved, moves them without importing twice', async () => {
    await seedNedb();
    const store = await openSqliteStore({ dataDir });
    await store.close();
    const aside = readdirSync(dataDir).find((entry) => entry.startsWith('nedb-importe-')) as string;
    // Put one file back, as if the move had not happened.
    const { renameSync } = await import('node:fs');
    renameSync(path.join(dataDir, aside, 'users.db'), path.join(dataDir, 'users.db'));

    const reopened = await openSqliteStore({ dataDir });
    expect(await reopened.collection('users').countDocuments()).toBe(1);
    await reopened.close();
    expect(existsSync(path.join(dataDir, 'users.db'))).toBe(false);
    expect(existsSync(path.join(dataDir, aside, 'users.db'))).toBe(true);
  });

  it('refuses to start on an unreadable NeDB file, imports nothing and leaves the files where they are', async () => {
    await seedNedb();
    writeFileSync(path.join(dataDir, 'sessions.db'), '{"_id":"a","tokenHash":"x"}\n{broken\n{broken too\n');
    await expect(openSqliteStore({ dataDir })).rejects.toBeInstanceOf(NedbImportError);
    expect(
      readdirSync(dataDir)
        .filter((entry) => entry.endsWith('.db'))
        .sort(),
    ).toEqual(['organisations.db', 'sessions.db', 'users.db']);
    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'c\\_%' ESCAPE '\\'").all();
    db.close();
    expect(tables).toEqual([]);
  });
});
