// Embedded store: SQLite through better-sqlite3, one table per collection holding `_id` and the document
// as JSON text, expression indexes on the fields the repositories declare, WAL journal.
// docs/decisions/data-store.md explains the choice, the guarantees and the operator translation.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { applyUpdate } from './apply-update';
import { collectPaths, type DocShape, type FoundPaths, noPaths } from './doc-shape';
import { checkGroupSpec, type GroupRow, type GroupSpec, medianOf } from './group';
import { DuplicateKeyError } from './errors';
import { newId } from './ids';
import { importNedbDataDir, type NedbImportReport } from './nedb-import';
import { checkFilter, checkProjection, checkUpdate } from './operators';
import {
  groupSelect,
  jsonPathLiteral,
  seekGroupPlan,
  type SeekGroupPlan,
  orderByClause,
  projectedDocument,
  splitPath,
  type ScalarPaths,
  whereClause,
} from './sqlite-query';
import type {
  Collection,
  Document,
  DocText,
  Filter,
  FindOptions,
  IndexOptions,
  InsertManyResult,
  NewDocument,
  Projection,
  Store,
  Update,
} from './types';

export const STORE_FILE = 'store.sqlite';

const COLLECTION_NAME = /^[a-zA-Z][\w-]*$/;
const STATEMENT_CACHE_SIZE = 500;
/**
 * Beyond this many counts (groups' values × the buckets' intervals) a group sorts its rows instead of
 * seeking each group (a seek and a count cost about what sorting a few dozen rows does).
 */
const SEEK_GROUP_LIMIT = 20_000;
/** The WAL is cut back to this after a checkpoint, so one large transaction does not leave it huge. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
/** The file is rewritten at close when at least this share of its pages is free… */
const COMPACT_FREE_SHARE = 0.25;
/** …and they weigh at least this much (a small store is not rewritten at every stop). */
const COMPACT_MIN_FREE_BYTES = 8 * 1024 * 1024;

/** How long a connection waits for another one's write lock (busy_timeout, and withWriteLock). */
const BUSY_TIMEOUT_MS = 5000;
/** withWriteLock’s pauses between two tries, in ms: short, as most writes hold the lock under 1 ms. */
const WRITE_LOCK_RETRY_MS = [1, 1, 2, 2, 4];
/** How long withWriteLock waits on timers before it waits in SQLite's busy handler. */
const NON_BLOCKING_WAIT_MS = 100;

type Row = { _id: string; doc: string };
type RowWithId = Row & { rowid: number };
type KnownScalarPaths = { [kind in keyof ScalarPaths]: Set<string> };

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const pauseMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Top-level fields hold no `_id`: it lives in its own column, the table's key. */
function serialise(doc: Record<string, unknown>): string {
  const { _id: _ignored, ...rest } = doc;
  return JSON.stringify(rest);
}

function deserialise<T>(row: Row): T {
  return { _id: row._id, ...(JSON.parse(row.doc) as object) } as T;
}

/** A json_tree full key (`$.a[2]."b c"`) as a dotted path of field names (`a.b c`). */
function dottedPath(fullKey: string): string {
  const segments: string[] = [];
  for (const match of fullKey.matchAll(/\.(?:"((?:[^"]|"")*)"|([^.[]+))|\[\d+\]/g)) {
    const segment = match[1] ?? match[2];
    if (segment !== undefined) segments.push(segment);
  }
  return segments.join('.');
}

/** The _marks counter of a collection's documents added or removed: `prospects:rows`. */
const ROWS_MARK = ':rows';
/** A write that adds or removes documents (any field may have changed for a reader). */
const ROWS_WRITTEN = Symbol('documents added or removed');
type FieldsWritten = typeof ROWS_WRITTEN | ReadonlySet<string>;

/** The top-level fields these updates write (`$set: { 'a.b': 1 }` writes `a`). */
function fieldsOf(updates: readonly object[]): ReadonlySet<string> {
  const fields = new Set<string>();
  for (const update of updates)
    for (const written of Object.values(update) as object[])
      for (const path of Object.keys(written)) fields.add(path.split('.', 1)[0] as string);
  return fields;
}

/** The open database and what its collections share: statement cache, array-path registry. */
class SqliteEngine {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly arrayPaths = new Map<string, Set<string>>();
  /** The scalar half of the registry: paths that have held booleans, and numbers (sqlite-query.ts). */
  private readonly scalarPaths = new Map<string, KnownScalarPaths>();
  private readonly createdTables = new Set<string>();
  /** PRAGMA data_version when the registry was last compared with the table, and the table's size. */
  private seenDataVersion = -1;
  private seenArrayPaths = 0;
  /** Compared once per turn of the event loop: the pragma costs about half a findOne by id. */
  private comparedThisTurn = false;
  /** False on a read-only connection to a file without the _marks table. */
  private readonly hasMarks: boolean;
  /** The _marks counters read at the whole-store mark `marksReadAt` (collectionsMark). */
  private readonly marks = new Map<string, number>();
  private marksReadAt: string | null = null;

  constructor(readonly db: Database.Database) {
    db.function('mongo_regex', { deterministic: true }, (value, type, source, flags) => {
      if (type !== 'text' || typeof value !== 'string') return 0;
      return this.regex(String(source), String(flags)).test(value) ? 1 : 0;
    });
    // The median accumulator of group(): the values of one group, sorted once at its end.
    db.aggregate('mongo_median', {
      start: () => [] as number[],
      step: (values: number[], value: unknown) => {
        if (typeof value === 'number') values.push(value);
        return values;
      },
      result: (values: number[]) => medianOf(values),
    });
    db.exec(
      'CREATE TABLE IF NOT EXISTS _array_paths (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID',
    );
    // The per-collection change counters (changeMark(collections)); a read-only connection to a file
    // written before they existed has none and answers null.
    if (!db.readonly)
      db.exec('CREATE TABLE IF NOT EXISTS _marks (collection TEXT PRIMARY KEY NOT NULL, n INTEGER NOT NULL)');
    this.hasMarks =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_marks'").get() !== undefined;
    const rows = db.prepare('SELECT collection, path FROM _array_paths').all() as {
      collection: string;
      path: string;
    }[];
    for (const row of rows) this.arrayPathsOf(row.collection).add(row.path);
    this.seenArrayPaths = rows.length + this.openScalarPaths();
  }

  /**
   * The scalar registry's table, filled from the documents already stored when it is new (a store
   * written before it existed): in one IMMEDIATE transaction, so another process opening the same
   * file waits for the whole of it instead of trusting a half-filled table. Returns its size.
   */
  private openScalarPaths(): number {
    const exists = () =>
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_scalar_paths'").get();
    if (!exists()) {
      this.db
        .transaction(() => {
          if (exists()) return;
          this.db.exec(
            'CREATE TABLE _scalar_paths (collection TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (collection, path, kind)) WITHOUT ROWID',
          );
          const tables = this.db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'")
            .pluck()
            .all() as string[];
          const insert = this.db.prepare(
            'INSERT OR IGNORE INTO _scalar_paths (collection, path, kind) VALUES (?, ?, ?)',
          );
          for (const table of tables) {
            const found = this.db
              .prepare(
                `SELECT DISTINCT tree.fullkey AS fullKey, tree.type AS type FROM ${quoteIdentifier(table)}, json_tree(doc) AS tree WHERE tree.type IN ('true', 'false', 'integer', 'real')`,
              )
              .all() as { fullKey: string; type: string }[];
            for (const { fullKey, type } of found) {
              const kind = type === 'true' || type === 'false' ? 'boolean' : 'number';
              insert.run(table.slice(2), dottedPath(fullKey), kind);
            }
          }
        })
        .immediate();
    }
    return this.loadScalarPaths();
  }

  private loadScalarPaths(): number {
    const rows = this.statement('SELECT collection, path, kind FROM _scalar_paths').all() as {
      collection: string;
      path: string;
      kind: string;
    }[];
    this.scalarPaths.clear();
    for (const row of rows) {
      const paths = this.scalarPathsOf(row.collection);
      (row.kind === 'boolean' ? paths.booleans : paths.numbers).add(row.path);
    }
    return rows.length;
  }

  scalarPathsOf(collection: string): KnownScalarPaths {
    let paths = this.scalarPaths.get(collection);
    if (!paths) {
      paths = { booleans: new Set(), numbers: new Set() };
      this.scalarPaths.set(collection, paths);
    }
    return paths;
  }

  /**
   * Another process on the same file (several API instances) may have recorded array paths since:
   * data_version moves only on other connections' commits, so a single process pays one pragma per
   * turn of the event loop (a paths' first appearance is seen from the next turn on).
   */
  refreshArrayPaths(): void {
    if (this.comparedThisTurn) return;
    this.comparedThisTurn = true;
    setImmediate(() => (this.comparedThisTurn = false));
    const version = this.statement('PRAGMA data_version').pluck().get() as number;
    if (version === this.seenDataVersion) return;
    this.seenDataVersion = version;
    const count = this.statement(
      'SELECT (SELECT count(*) FROM _array_paths) + (SELECT count(*) FROM _scalar_paths)',
    )
      .pluck()
      .get() as number;
    if (count === this.seenArrayPaths) return;
    const rows = this.statement('SELECT collection, path FROM _array_paths').all() as {
      collection: string;
      path: string;
    }[];
    for (const row of rows) this.arrayPathsOf(row.collection).add(row.path);
    this.loadScalarPaths();
    this.seenArrayPaths = count;
  }

  /** The open runInTransaction, if any: its own calls go through, every other call waits for its end. */
  private transaction: { done: Promise<void> } | null = null;
  private readonly transactionScope = new AsyncLocalStorage<object>();

  /**
   * Resolves at once, unless a runInTransaction is open and the caller is not inside it: then after
   * it ends, so no other call of this process reads its uncommitted writes or writes into it.
   */
  async outsideTransactions(): Promise<void> {
    while (this.transaction && this.transactionScope.getStore() !== this.transaction)
      await this.transaction.done;
  }

  /**
   * Opens an IMMEDIATE transaction and runs `work` in the same turn, right after taking the write lock,
   * so no other call of this process runs while it is held: `work` commits or rolls back before it
   * returns, or (runInTransaction) records the transaction it opened. Another connection's lock is
   * waited for without holding the event loop: SQLite's busy handler sleeps in the calling thread (1, 2,
   * 5, 10, 15… ms), so with two API processes on one file a write stopped all the calls of its process
   * meanwhile (docs/decisions/load.md). Here each try is immediate (busy_timeout 0) and the wait between
   * tries is a timer, for NON_BLOCKING_WAIT_MS; a longer wait goes on in the busy handler, which fails
   * with SQLITE_BUSY after BUSY_TIMEOUT_MS.
   */
  async withWriteLock<R>(work: () => R): Promise<R> {
    const start = performance.now();
    for (let attempt = 0; ; attempt += 1) {
      // This process's own transaction first (one may have begun during the pause).
      while (this.transaction && this.transactionScope.getStore() !== this.transaction)
        await this.transaction.done;
      this.endRead();
      if (performance.now() - start >= NON_BLOCKING_WAIT_MS) {
        // A long wait (many writes of both processes at once): SQLite's busy handler, as before, with
        // its whole busy_timeout. Waiting on timers, this process's many waiting calls each tried on
        // its own and counted its own 5 s while the others took the lock in turn (1,000 writes at once
        // in two processes: some failed with SQLITE_BUSY after 5 s); asleep in the handler, the
        // process takes the lock as soon as the other one leaves it, and its next calls queue behind.
        this.beginImmediateBy(start, attempt);
        return work();
      }
      this.statement('PRAGMA busy_timeout = 0').get();
      let taken = false;
      try {
        this.statement('BEGIN IMMEDIATE').run();
        taken = true;
      } catch (error) {
        if (!isBusy(error)) throw error;
      } finally {
        this.statement(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
      }
      if (taken) return work();
      await pauseMs(WRITE_LOCK_RETRY_MS[Math.min(attempt, WRITE_LOCK_RETRY_MS.length - 1)] as number);
    }
  }

  /**
   * BEGIN IMMEDIATE in SQLite's busy handler until BUSY_TIMEOUT_MS have passed since `start` by the
   * clock. The handler counts the sleeps it asked for, not the time they took, and a signal cuts them
   * short: under a CPU profiler (SIGPROF every sampling interval) it gave up after about 300 ms instead
   * of 5 s (docs/decisions/load.md, "Refused under the profiler"), so it is asked again for what is left.
   */
  private beginImmediateBy(start: number, attempt: number): void {
    for (;;) {
      const tried = performance.now();
      const left = Math.ceil(start + BUSY_TIMEOUT_MS - tried);
      try {
        if (left < BUSY_TIMEOUT_MS) this.statement(`PRAGMA busy_timeout = ${Math.max(left, 1)}`).get();
        this.statement('BEGIN IMMEDIATE').run();
        return;
      } catch (error) {
        // Asked again only when the handler did wait: a refusal without a wait (SQLite does not call
        // the handler where waiting cannot help) is not spun on.
        const now = performance.now();
        if (isBusy(error) && now - tried >= 1 && start + BUSY_TIMEOUT_MS > now) continue;
        // What the connection was doing goes with the refusal into the log. Not `instanceof Error`:
        // better-sqlite3 builds its errors from the class of the first realm that loaded it, which in
        // a jest worker is an earlier test file's.
        if (isBusy(error) && typeof error === 'object' && error !== null)
          Object.assign(error, {
            waitedMs: Math.round(performance.now() - start),
            attempts: attempt,
            inTransaction: this.db.inTransaction,
          });
        throw error;
      } finally {
        if (left < BUSY_TIMEOUT_MS) this.statement(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
      }
    }
  }

  get transactionOpen(): boolean {
    return this.transaction !== null;
  }

  /**
   * Runs `work` in one IMMEDIATE transaction (docs/decisions/write-transactions.md): its collection
   * calls are savepoints inside it, the whole commits when it resolves and rolls back when it throws.
   */
  async runInTransaction<R>(work: () => Promise<R>): Promise<R> {
    // Called from inside an open one: its work joins it.
    if (this.transaction && this.transactionScope.getStore() === this.transaction) return work();
    let end!: () => void;
    const scope = { done: new Promise<void>((resolve) => (end = resolve)) };
    // From the BEGIN on, the open transaction keeps this process's other calls waiting.
    await this.withWriteLock(() => (this.transaction = scope));
    try {
      const result = await this.transactionScope.run(scope, work);
      this.statement('COMMIT').run();
      return result;
    } catch (error) {
      this.changeEpoch += 1;
      if (this.db.inTransaction) this.statement('ROLLBACK').run();
      this.reloadAllArrayPaths();
      throw error;
    } finally {
      this.transaction = null;
      end();
    }
  }

  /** True while the reads of this event-loop turn share one read transaction (beginRead). */
  private readOpen = false;
  /** PRAGMA data_version inside the open read transaction, read by changeMark; -1 until then. */
  private readDataVersion = -1;
  /** Moves on what total_changes() does not count: a rolled-back transaction, dropped tables. */
  private changeEpoch = 0;

  /**
   * Store.changeMark: the read transaction's data_version (moves when another connection commits:
   * another process, a worker thread), this connection's total_changes() (moves with each of its
   * own writes, kept or rolled back) and an epoch for the rest. data_version is read once per read
   * transaction, so a call pays one small statement (request-path.md, fourth round).
   */
  changeMark(): string | null {
    if (this.transaction !== null) return null;
    this.beginRead();
    if (!this.readOpen) return null;
    if (this.readDataVersion < 0)
      this.readDataVersion = this.statement('PRAGMA data_version').pluck().get() as number;
    const changes = this.statement('SELECT total_changes()').pluck().get() as number;
    return `${this.readDataVersion}:${changes}:${this.changeEpoch}`;
  }

  /**
   * Store.changeMark(collections): the counters of these collections in _marks, which every write
   * transaction moves for each collection it writes, in the same transaction (bumpMark), so a commit
   * of any connection moves them and a rollback takes the move back with the rows. The table is read
   * again only when the whole-store mark moved, in the same read transaction as the caller's reads.
   * The '' counter moves with dropAll (tables dropped by any connection), the epoch with this
   * connection's rollbacks (docs/decisions/load.md).
   */
  collectionsMark(collections: readonly string[]): string | null {
    const whole = this.changeMark();
    if (whole === null || !this.hasMarks) return null;
    if (whole !== this.marksReadAt) {
      this.marks.clear();
      this.marksReadAt = whole;
    }
    let mark = `${this.changeEpoch}:${this.counter('')}`;
    for (const name of collections) {
      // 'prospects.searchText': the collection's documents added or removed, and that field's updates.
      const dot = name.indexOf('.');
      if (dot > 0) mark += `:${this.counter(`${name.slice(0, dot)}${ROWS_MARK}`)}`;
      mark += `:${this.counter(name)}`;
    }
    return mark;
  }

  /** A counter of _marks as of the read transaction (0 before its first move), read once per mark. */
  private counter(name: string): number {
    let n = this.marks.get(name);
    if (n === undefined) {
      n =
        (this.statement('SELECT n FROM _marks WHERE collection = ?').pluck().get(name) as
          number | undefined) ?? 0;
      this.marks.set(name, n);
    }
    return n;
  }

  /** Moves a counter of _marks, inside the write transaction (or savepoint) that writes what it counts. */
  bumpMark(name: string): void {
    this.statement(
      'INSERT INTO _marks (collection, n) VALUES (?, 1) ON CONFLICT (collection) DO UPDATE SET n = n + 1',
    ).run(name);
  }

  /**
   * The reads of one turn of the event loop share one read transaction: in WAL mode each
   * transaction takes and releases its read lock on the -shm file (about ten fcntl calls for the
   * three reads of a simple call), which cost more than the reads themselves (request-path.md).
   * Every write ends it first (endRead), so a write is committed when its call returns.
   */
  beginRead(): void {
    if (this.readOpen || this.db.inTransaction) return;
    this.statement('BEGIN').run();
    this.readOpen = true;
    setImmediate(() => this.endRead());
  }

  endRead(): void {
    if (!this.readOpen) return;
    this.readOpen = false;
    this.readDataVersion = -1;
    if (this.db.inTransaction) this.statement('COMMIT').run();
  }

  private readonly regexes = new Map<string, RegExp>();

  private regex(source: string, flags: string): RegExp {
    const key = `${flags}/${source}`;
    let compiled = this.regexes.get(key);
    if (!compiled) {
      // A global or sticky RegExp keeps state between test() calls: drop those flags.
      compiled = new RegExp(source, flags.replace(/[gy]/g, ''));
      if (this.regexes.size > 200) this.regexes.clear();
      this.regexes.set(key, compiled);
    }
    return compiled;
  }

  statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.statements.keys().next().value as string;
        this.statements.delete(oldest);
      }
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  arrayPathsOf(collection: string): Set<string> {
    let paths = this.arrayPaths.get(collection);
    if (!paths) {
      paths = new Set();
      this.arrayPaths.set(collection, paths);
    }
    return paths;
  }

  /**
   * Records the array, boolean and number paths of documents about to be written (inside the
   * writing transaction).
   */
  registerArrayPaths(collection: string, docs: Iterable<Record<string, unknown>>): void {
    const found = noPaths();
    for (const doc of docs) collectPaths(doc, '', found);
    this.registerShape(collection, found);
  }

  /** The same from a shape computed elsewhere (documents given as JSON text). */
  registerShape(collection: string, found: FoundPaths | DocShape): void {
    const known = this.arrayPathsOf(collection);
    for (const arrayPath of found.arrays) {
      if (known.has(arrayPath)) continue;
      this.statement('INSERT OR IGNORE INTO _array_paths (collection, path) VALUES (?, ?)').run(
        collection,
        arrayPath,
      );
      known.add(arrayPath);
    }
    const scalars = this.scalarPathsOf(collection);
    for (const [kind, paths, knownPaths] of [
      ['boolean', found.booleans, scalars.booleans],
      ['number', found.numbers, scalars.numbers],
    ] as const) {
      for (const scalarPath of paths) {
        if (knownPaths.has(scalarPath)) continue;
        this.statement('INSERT OR IGNORE INTO _scalar_paths (collection, path, kind) VALUES (?, ?, ?)').run(
          collection,
          scalarPath,
          kind,
        );
        knownPaths.add(scalarPath);
      }
    }
  }

  ensureTable(table: string): void {
    if (this.createdTables.has(table)) return;
    this.endRead();
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${quoteIdentifier(table)} (_id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`,
    );
    this.createdTables.add(table);
  }

  /** After a rolled-back runInTransaction: every collection's registry, as the table holds it. */
  private reloadAllArrayPaths(): void {
    this.arrayPaths.clear();
    const rows = this.statement('SELECT collection, path FROM _array_paths').all() as {
      collection: string;
      path: string;
    }[];
    for (const row of rows) this.arrayPathsOf(row.collection).add(row.path);
    this.seenArrayPaths = rows.length + this.loadScalarPaths();
  }

  /** Rebuilds the in-memory registry after a rollback may have dropped rows of _array_paths. */
  reloadArrayPaths(collection: string): void {
    const rows = this.statement('SELECT path FROM _array_paths WHERE collection = ?').all(collection) as {
      path: string;
    }[];
    this.arrayPaths.set(collection, new Set(rows.map((row) => row.path)));
    this.loadScalarPaths();
  }

  dropAll(): void {
    const tables = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'")
      .all() as { name: string }[];
    this.endRead();
    this.changeEpoch += 1;
    this.statements.clear();
    for (const { name } of tables) this.db.exec(`DROP TABLE ${quoteIdentifier(name)}`);
    this.db.exec('DELETE FROM _array_paths');
    this.db.exec('DELETE FROM _scalar_paths');
    this.bumpMark('');
    this.arrayPaths.clear();
    this.scalarPaths.clear();
    this.createdTables.clear();
  }
}

class SqliteCollection<T extends Document> implements Collection<T> {
  private readonly table: string;
  private readonly tableSql: string;

  constructor(
    readonly name: string,
    private readonly engine: SqliteEngine,
  ) {
    this.table = `c_${name}`;
    this.tableSql = quoteIdentifier(this.table);
  }

  private prepare(sql: string): Database.Statement {
    this.engine.ensureTable(this.table);
    return this.engine.statement(sql);
  }

  private where(filter: Filter<T>): { sql: string; params: unknown[] } {
    checkFilter(filter);
    this.engine.refreshArrayPaths();
    return whereClause(filter, this.engine.arrayPathsOf(this.name), this.engine.scalarPathsOf(this.name));
  }

  /**
   * Runs a write in one transaction, IMMEDIATE so that it waits for another process's write lock
   * (withWriteLock, without holding the event loop) instead of failing with SQLITE_BUSY when a deferred
   * one would have to upgrade; inside runInTransaction it is a savepoint. A unique violation becomes
   * DuplicateKeyError and nothing is kept.
   */
  private async write<R>(written: () => R, fields: FieldsWritten = ROWS_WRITTEN): Promise<R> {
    // Once per write call, whatever its size (an import batch is one), in its transaction or savepoint:
    // the collection's counter, and its rows' or the updated fields' (changeMark('collection.field')).
    const work = () => {
      this.engine.bumpMark(this.name);
      if (fields === ROWS_WRITTEN) this.engine.bumpMark(`${this.name}${ROWS_MARK}`);
      else for (const field of fields) this.engine.bumpMark(`${this.name}.${field}`);
      return written();
    };
    if (this.engine.transactionOpen) return this.savepoint(work);
    const db = this.engine.db;
    // The work and the commit run in the turn the lock is taken: nothing of this process runs between.
    return this.engine.withWriteLock(() => {
      try {
        const result = db.transaction(work)();
        this.engine.statement('COMMIT').run();
        return result;
      } catch (error) {
        if (db.inTransaction) this.engine.statement('ROLLBACK').run();
        this.engine.reloadArrayPaths(this.name);
        if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, error);
        throw error;
      }
    });
  }

  /** A write inside the open runInTransaction (its collection calls are savepoints). */
  private savepoint<R>(work: () => R): R {
    try {
      return this.engine.db.transaction(work)();
    } catch (error) {
      this.engine.reloadArrayPaths(this.name);
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, error);
      throw error;
    }
  }

  private select(filter: Filter<T>, options: FindOptions): T[] {
    const rows = this.selectRows(filter, options, '');
    return rows.map((row) => deserialise<T>(row));
  }

  async findTexts(
    filter: Filter<T>,
    options: FindOptions & { fields?: readonly string[] } = {},
  ): Promise<DocText[]> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    const fields = options.fields ?? [];
    const columns = fields
      .map((field, index) => `, json_extract(doc, ${jsonPathLiteral(splitPath(field))}) AS f${index}`)
      .join('');
    const rows = this.selectRows(filter, options, columns) as (Row & Record<string, unknown>)[];
    return rows.map((row) => ({
      _id: row._id,
      json: row.doc,
      fields: fields.map((_field, index) => row[`f${index}`] ?? null),
    }));
  }

  /** The rows of find, with more `columns` (SQL text starting with a comma, without parameters). */
  private selectRows(filter: Filter<T>, options: FindOptions, columns: string): Row[] {
    const where = this.where(filter);
    if (options.projection) checkProjection(options.projection);
    const projected = projectedDocument(options.projection);
    let sql = `SELECT _id, ${projected.sql} AS doc${columns} FROM ${this.tableSql} WHERE ${where.sql}${orderByClause(options.sort)}`;
    const params = [...projected.params, ...where.params];
    if (options.limit !== undefined && options.limit > 0) {
      sql += ' LIMIT ?';
      params.push(options.limit);
    } else if (options.skip) {
      sql += ' LIMIT -1';
    }
    if (options.skip) {
      sql += ' OFFSET ?';
      params.push(options.skip);
    }
    const statement = this.prepare(sql);
    this.engine.beginRead();
    return statement.all(...params) as Row[];
  }

  async findOne(filter: Filter<T>, options: { projection?: Projection } = {}): Promise<T | null> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    const where = this.where(filter);
    if (options.projection) checkProjection(options.projection);
    const projected = projectedDocument(options.projection);
    const statement = this.prepare(
      `SELECT _id, ${projected.sql} AS doc FROM ${this.tableSql} WHERE ${where.sql} LIMIT 1`,
    );
    this.engine.beginRead();
    const row = statement.get(...projected.params, ...where.params) as Row | undefined;
    return row ? deserialise<T>(row) : null;
  }

  async find(filter: Filter<T>, options: FindOptions = {}): Promise<T[]> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    return this.select(filter, options);
  }

  async countDocuments(filter: Filter<T> = {} as Filter<T>): Promise<number> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    const where = this.where(filter);
    const statement = this.prepare(`SELECT count(*) AS n FROM ${this.tableSql} WHERE ${where.sql}`);
    this.engine.beginRead();
    const row = statement.get(...where.params) as {
      n: number;
    };
    return row.n;
  }

  async group(filter: Filter<T>, spec: GroupSpec): Promise<GroupRow[]> {
    checkGroupSpec(spec);
    const where = this.where(filter);
    const plan = seekGroupPlan(
      filter as Record<string, unknown>,
      spec,
      this.indexedFields(),
      this.engine.arrayPathsOf(this.name),
    );
    const sought = plan ? this.seekGroupOrNull(plan, where) : null;
    if (sought) return sought;
    const select = groupSelect(spec);
    const statement = this.prepare(
      `WITH grouped AS MATERIALIZED (SELECT ${select.columns} FROM ${this.tableSql} WHERE (${where.sql}) AND (${select.within.sql})) ` +
        `SELECT ${select.totals} FROM grouped${select.groupBy}`,
    );
    this.engine.beginRead();
    return statement.all(...select.params, ...where.params, ...select.within.params) as GroupRow[];
  }

  /**
   * The fields of this collection's full indexes, in order, read from their names (createIndex writes
   * `ix_<table>__<field>_<direction>__…`); partial ones (sparse, onlyWith) are left out.
   */
  private indexedFields(): { name: string; fields: string[] }[] {
    const names = this.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`)
      .pluck()
      .all(this.table) as string[];
    const head = `ix_${this.table}__`;
    return names.flatMap((name) => {
      if (!name.startsWith(head)) return [];
      const parts = name.slice(head.length).split('__');
      if (parts.some((part) => part === 's' || part.startsWith('w_') || part.startsWith('c_'))) return [];
      const fields = parts.filter((part) => part !== 'u').map((part) => /^(.+)_-?1$/.exec(part)?.[1]);
      return fields.every((field) => field !== undefined) ? [{ name, fields: fields as string[] }] : [];
    });
  }

  /**
   * A group counted by seeking (seekGroupPlan): the listed keys' values one index seek at a time, then
   * one count over a range of the index per (values, interval). Null, for the GROUP BY path, when the
   * groups would be too many for seeks to beat a sort (SEEK_GROUP_LIMIT counts).
   */
  private seekGroupOrNull(plan: SeekGroupPlan, where: { sql: string; params: unknown[] }): GroupRow[] | null {
    try {
      return this.seekGroup(plan, where);
    } catch (error) {
      // The named index cannot answer this filter: the GROUP BY path does.
      if (error instanceof Error && /no query solution/.test(error.message)) return null;
      throw error;
    }
  }

  private seekGroup(plan: SeekGroupPlan, where: { sql: string; params: unknown[] }): GroupRow[] | null {
    const value = (field: string) => `json_extract(doc, ${jsonPathLiteral(splitPath(field))})`;
    const table = `${this.tableSql} INDEXED BY ${quoteIdentifier(plan.index)}`;
    this.engine.beginRead();
    let tuples: (string | number | null)[][] = [[]];
    for (const [level, key] of plan.listed.entries()) {
      const known = plan.listed
        .slice(0, level)
        .map((previous) => ` AND ${value(previous.field)} IS ?`)
        .join('');
      const base = `FROM ${table} WHERE (${where.sql})${known}`;
      const field = value(key.field);
      const hasNull = this.prepare(`SELECT 1 ${base} AND ${field} IS NULL LIMIT 1`).pluck();
      const first = this.prepare(
        `SELECT ${field} ${base} AND ${field} IS NOT NULL ORDER BY ${field} LIMIT 1`,
      ).pluck();
      const next = this.prepare(`SELECT ${field} ${base} AND ${field} > ? ORDER BY ${field} LIMIT 1`).pluck();
      const listed: (string | number | null)[][] = [];
      for (const tuple of tuples) {
        const params = [...where.params, ...tuple];
        if (hasNull.get(...params) !== undefined) listed.push([...tuple, null]);
        let found = first.get(...params) as string | number | undefined;
        while (found !== undefined) {
          listed.push([...tuple, found]);
          if (listed.length * (plan.intervals.length + 1) > SEEK_GROUP_LIMIT) return null;
          found = next.get(...params, found) as string | number | undefined;
        }
      }
      tuples = listed;
    }
    const bucket = value(plan.bucket.field);
    const count = this.prepare(
      `SELECT count(*) FROM ${table} WHERE (${where.sql})` +
        plan.listed.map((key) => ` AND ${value(key.field)} IS ?`).join('') +
        ` AND ${bucket} >= ? AND ${bucket} < ? AND typeof(${bucket}) IN ('integer','real')`,
    ).pluck();
    const whole = this.prepare(
      `SELECT count(*) FROM ${table} WHERE (${where.sql})` +
        plan.listed.map((key) => ` AND ${value(key.field)} IS ?`).join(''),
    ).pluck();
    const rows: GroupRow[] = [];
    for (const tuple of tuples) {
      const counts = new Map<number | null, number>();
      let counted = 0;
      for (const interval of plan.intervals) {
        const n = count.get(...where.params, ...tuple, interval.from, interval.to) as number;
        counted += n;
        if (n > 0) counts.set(interval.bucket, (counts.get(interval.bucket) ?? 0) + n);
      }
      if (plan.nullIsRest) {
        const rest = (whole.get(...where.params, ...tuple) as number) - counted;
        if (rest > 0) counts.set(null, rest);
      }
      for (const [bucketIndex, n] of counts) {
        const row: GroupRow = {};
        for (const fixed of plan.fixed) row[fixed.name] = fixed.value;
        plan.listed.forEach((key, index) => (row[key.name] = tuple[index] ?? null));
        row[plan.bucket.name] = bucketIndex;
        for (const total of plan.totals) row[total] = n;
        rows.push(row);
      }
    }
    return rows;
  }

  private insertRows(docs: NewDocument<T>[]): string[] {
    const insert = this.prepare(`INSERT INTO ${this.tableSql} (_id, doc) VALUES (?, ?)`);
    const bodies = docs as unknown as Record<string, unknown>[];
    this.engine.registerArrayPaths(this.name, bodies);
    return bodies.map((body) => {
      const id = (body._id as string | undefined) ?? newId();
      // Most documents come without _id: stringify them as they are, without a copy.
      insert.run(id, body._id === undefined ? JSON.stringify(body) : serialise(body));
      return id;
    });
  }

  async insertOne(doc: NewDocument<T>): Promise<{ insertedId: string }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    const [insertedId] = await this.write(() => this.insertRows([doc]));
    return { insertedId: insertedId as string };
  }

  /** One transaction: all the documents or none. Callers keep batches bounded (the event loop waits). */
  async insertMany(docs: NewDocument<T>[]): Promise<{ insertedIds: string[]; insertedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    if (docs.length === 0) return { insertedIds: [], insertedCount: 0 };
    const insertedIds = await this.write(() => this.insertRows(docs));
    return { insertedIds, insertedCount: insertedIds.length };
  }

  async insertSerialised(bodies: Iterable<string>, shape: DocShape): Promise<InsertManyResult> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    if (Array.isArray(bodies) && bodies.length === 0) return { insertedIds: [], insertedCount: 0 };
    const insertedIds = await this.write(() => {
      const insert = this.prepare(`INSERT INTO ${this.tableSql} (_id, doc) VALUES (?, ?)`);
      this.engine.registerShape(this.name, shape);
      const ids: string[] = [];
      for (const body of bodies) {
        const id = newId();
        insert.run(id, body);
        ids.push(id);
      }
      return ids;
    });
    return { insertedIds, insertedCount: insertedIds.length };
  }

  /** The work of one update, to run inside a write transaction; returns how many rows matched. */
  private updateWork(filter: Filter<T>, update: Update<T>, multi: boolean): () => number {
    checkFilter(filter);
    checkUpdate(update);
    return () => {
      // Built under the write lock: the array paths as they are when it runs.
      const where = this.where(filter);
      const select = this.prepare(
        `SELECT rowid, _id, doc FROM ${this.tableSql} WHERE ${where.sql}${multi ? '' : ' LIMIT 1'}`,
      );
      const save = this.prepare(`UPDATE ${this.tableSql} SET doc = ? WHERE rowid = ?`);
      const rows = select.all(...where.params) as RowWithId[];
      const updated = rows.map((row) => ({
        rowid: row.rowid,
        doc: applyUpdate(JSON.parse(row.doc) as Record<string, unknown>, update as never),
      }));
      this.engine.registerArrayPaths(
        this.name,
        updated.map((row) => row.doc),
      );
      for (const row of updated) save.run(JSON.stringify(row.doc), row.rowid);
      return rows.length;
    };
  }

  private async update(
    filter: Filter<T>,
    update: Update<T>,
    multi: boolean,
  ): Promise<{ matchedCount: number }> {
    const work = this.updateWork(filter, update, multi);
    return { matchedCount: await this.write(work, fieldsOf([update])) };
  }

  async updateEach(
    updates: readonly { filter: Filter<T>; update: Update<T> }[],
  ): Promise<{ matchedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    if (updates.length === 0) return { matchedCount: 0 };
    const works = updates.map(({ filter, update }) => this.updateWork(filter, update, false));
    return {
      matchedCount: await this.write(
        () => works.reduce((matched, work) => matched + work(), 0),
        fieldsOf(updates.map(({ update }) => update)),
      ),
    };
  }

  async updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    return this.update(filter, update, false);
  }

  async updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    return this.update(filter, update, true);
  }

  async deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    checkFilter(filter);
    const result = await this.write(() => {
      const where = this.where(filter);
      return this.prepare(
        `DELETE FROM ${this.tableSql} WHERE rowid = (SELECT rowid FROM ${this.tableSql} WHERE ${where.sql} LIMIT 1)`,
      ).run(...where.params);
    });
    return { deletedCount: result.changes };
  }

  async deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    checkFilter(filter);
    const result = await this.write(() => {
      const where = this.where(filter);
      return this.prepare(`DELETE FROM ${this.tableSql} WHERE ${where.sql}`).run(...where.params);
    });
    return { deletedCount: result.changes };
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    if (this.engine.transactionOpen) await this.engine.outsideTransactions();
    const fields = Object.entries(keys);
    if (fields.length === 0) throw new Error('Un index doit porter sur au moins un champ');
    const expression = (field: string) =>
      field === '_id' ? '_id' : `json_extract(doc, ${jsonPathLiteral(splitPath(field))})`;
    const columns = fields.map(
      ([field, direction]) => `${expression(field)}${direction === -1 ? ' DESC' : ''}`,
    );
    const suffix = fields.map(([field, direction]) => `${field}_${direction}`).join('__');
    const only = options.onlyWith ? `__w_${options.onlyWith}` : '';
    const plain = `ix_${this.table}__${suffix}${options.unique ? '__u' : ''}${options.sparse ? '__s' : ''}${only}`;
    const carried = options.carries ?? [];
    const name = `${plain}${carried.map((field) => `__c_${field}`).join('')}`;
    // Value and type, written as the filters write them (sqlite-query.ts), so SQLite finds them here.
    for (const field of carried)
      columns.push(expression(field), `json_type(doc, ${jsonPathLiteral(splitPath(field))})`);
    // Sparse: documents without the field are not indexed, so they never collide. onlyWith: `x IS NOT
    // NULL` on the indexed expression, which SQLite knows any comparison of x implies (a range on the
    // field picks the index, and the index alone answers it).
    const present = (field: string) => `json_type(doc, ${jsonPathLiteral(splitPath(field))}) IS NOT NULL`;
    const conditions = [
      ...(options.sparse ? fields.map(([field]) => present(field)) : []),
      ...(options.onlyWith ? [`${expression(options.onlyWith)} IS NOT NULL`] : []),
    ];
    const partial = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    this.engine.ensureTable(this.table);
    this.engine.endRead();
    try {
      this.engine.db.exec(
        `CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${this.tableSql} (${columns.join(', ')})${partial}`,
      );
      // The same keys without the carried fields: the new index serves every query the old one did.
      if (carried.length > 0) this.engine.db.exec(`DROP INDEX IF EXISTS ${quoteIdentifier(plain)}`);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, error);
      throw error;
    }
  }
}

/** The French message of a store that cannot be opened, naming DATA_DIR; the file is left untouched. */
export class StoreOpenError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `Impossible d’ouvrir la base embarquée ${file} (DATA_DIR) : ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Le fichier n’a pas été modifié ; restaurez une sauvegarde ou choisissez un autre DATA_DIR.',
    );
    this.name = 'StoreOpenError';
  }
}

function openDatabase(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: false });
    // First: every statement below may meet another process's lock (a sibling worker's checkpoint, a
    // WAL recovery), and would fail at once with SQLITE_BUSY without it (every-core.md, "Start-up").
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Reading the schema fails at once on a file that is not a SQLite database.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    if (file !== ':memory:') {
      db.pragma('journal_mode = WAL');
      // WAL + NORMAL: a committed write survives the process being killed; a power cut may lose the
      // last commits but never corrupts the file (docs/decisions/data-store.md).
      db.pragma('synchronous = NORMAL');
      db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    }
    // Gathers the statistics the query planner uses to choose between expression indexes, on tables
    // that changed since the last run (SQLite's recommended start-up and shutdown call), sampling at
    // most a thousand rows per index so a million-row table does not delay the start.
    db.pragma('analysis_limit = 1000');
    db.pragma('optimize = 0x10002');
    db.pragma('cache_size = -32000');
    db.pragma('temp_store = MEMORY');
    return db;
  } catch (error) {
    db?.close();
    throw new StoreOpenError(file, error);
  }
}

/**
 * At close, gives back to the disk what deletions freed: the WAL is checkpointed and truncated, then
 * the file is rewritten (VACUUM) when enough of it is free and no other process has it open. VACUUM
 * is one SQLite transaction: a process killed during it leaves the file as it was, and the next
 * close tries again (docs/decisions/durability.md).
 */
function compactDatabase(db: Database.Database): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db.pragma('page_count', { simple: true }) as number;
  const freePages = db.pragma('freelist_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  if (freePages < pages * COMPACT_FREE_SHARE || freePages * pageSize < COMPACT_MIN_FREE_BYTES) return;
  // VACUUM holds the write lock throughout: only the last process on the file may run it, or the
  // others' writes would time out (docs/deployment.md). Leaving WAL mode succeeds only then.
  db.pragma('busy_timeout = 0');
  try {
    if (db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete') return;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return;
    throw error;
  }
  // A rollback journal, synced, keeps the old file until the rewrite commits; the next open returns to WAL.
  db.pragma('synchronous = FULL');
  // VACUUM's copy goes to a temporary file: in memory, a large store would need its size in RAM.
  db.pragma('temp_store = FILE');
  db.exec('VACUUM');
}

/**
 * memory: tests; file: the API's connection (compacts at close); reader: a read-only second
 * connection; writer: a worker thread's read-write second connection.
 */
type Connection = 'memory' | 'file' | 'reader' | 'writer';

/** How often a long-lived connection refreshes the planner's statistics (SQLite's advice: hourly). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/** How often the checkpointer thread copies the WAL's new pages into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * The checkpointer's code (a worker thread of its own, `eval`: nothing to compile or find on disk).
 * Each tick is a PASSIVE checkpoint, as SQLite's automatic ones are: it copies what no reader still
 * needs and waits for nobody; a busy or locked file is tried again at the next tick.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
db.pragma('journal_size_limit = ' + workerData.walSizeLimit);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    if (!/^SQLITE_(BUSY|LOCKED)/.test(String(error && error.code))) throw error;
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Moves the WAL's checkpoints off the event loop (issue 21, docs/decisions/load.md): SQLite's automatic
 * checkpoint runs inside the COMMIT that passes 1,000 pages of WAL, and with synchronous = NORMAL
 * that is where the fsyncs are (a commit alone does not sync): at 1,000 sessions an API process spent
 * seconds a minute blocked in them, up to 1.9 s at once. The API's connection stops checkpointing;
 * a thread with its own connection checkpoints every CHECKPOINT_EVERY_MS. Should the thread fail, the
 * connection checkpoints itself again. Durability is the same: commits are in the WAL either way.
 */
function startCheckpointer(db: Database.Database, file: string): () => Promise<void> {
  let worker: Worker | undefined;
  try {
    worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        file,
        walSizeLimit: WAL_SIZE_LIMIT,
        everyMs: CHECKPOINT_EVERY_MS,
      },
    });
  } catch {
    return async () => undefined;
  }
  db.pragma('wal_autocheckpoint = 0');
  let running = true;
  const fallBack = () => {
    if (!running) return;
    running = false;
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  worker.unref();
  const started = worker;
  return async () => {
    if (!running) return;
    running = false;
    const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    // Held again until it has closed its connection: else, with nothing else left to do (a stop),
    // the process would end here, before the close's checkpoint and compaction.
    started.ref();
    started.postMessage('stop');
    await exited;
  };
}

function storeOver(db: Database.Database, engine: SqliteEngine, connection: Connection): Store {
  const collections = new Map<string, SqliteCollection<Document>>();
  // Statistics gathered at open go stale as a table grows (a log of 5 records at start, 200,000 a
  // month later: the planner scans it). `optimize` re-analyses only the tables that grew a lot.
  const optimizer =
    connection === 'file'
      ? setInterval(() => {
          if (!db.open || engine.transactionOpen) return;
          engine.endRead(); // its own write, not inside this turn's read snapshot
          try {
            db.pragma('optimize');
          } catch (error) {
            // Another process writing: the next hour does it.
            if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
          }
        }, OPTIMIZE_EVERY_MS)
      : undefined;
  optimizer?.unref();
  const stopCheckpointer = connection === 'file' ? startCheckpointer(db, db.name) : async () => undefined;
  return {
    kind: connection === 'memory' ? 'sqlite-memory' : 'sqlite',
    collection<T extends Document>(name: string): Collection<T> {
      if (!COLLECTION_NAME.test(name)) throw new Error(`Nom de collection invalide : ${name}`);
      let existing = collections.get(name);
      if (!existing) {
        existing = new SqliteCollection<Document>(name, engine);
        collections.set(name, existing);
      }
      return existing as unknown as Collection<T>;
    },
    runInTransaction: (work) => engine.runInTransaction(work),
    changeMark: (collections) =>
      !db.open ? null : collections ? engine.collectionsMark(collections) : engine.changeMark(),
    async dropAll(): Promise<void> {
      engine.dropAll();
      collections.clear();
    },
    async close(): Promise<void> {
      clearInterval(optimizer);
      await stopCheckpointer();
      if (!db.open) return;
      engine.endRead();
      if (connection === 'file') {
        db.pragma('optimize');
        compactDatabase(db);
      }
      db.close();
    },
  };
}

export type SqliteStoreOptions = {
  dataDir: string;
  /** Told when a DATA_DIR of the NeDB version was imported (once). */
  onNedbImport?: (report: NedbImportReport) => void;
};

/** DATA_DIR/store.sqlite, created when absent; imports a NeDB DATA_DIR first when there is one. */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(path.join(options.dataDir, STORE_FILE));
  const engine = new SqliteEngine(db);
  try {
    const report = await importNedbDataDir(engine, options.dataDir);
    if (report) options.onNedbImport?.(report);
  } catch (error) {
    db.close();
    throw error;
  }
  return storeOver(db, engine, 'file');
}

/**
 * A read-only connection to an existing DATA_DIR/store.sqlite, for a worker thread (the export):
 * it sees what the API's connection committed, writes nothing (a collection without a table yet
 * cannot be read through it), and closes without checkpoint or compaction.
 */
export function openSqliteReader(dataDir: string): Store {
  const file = path.join(dataDir, STORE_FILE);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -32000');
    return storeOver(db, new SqliteEngine(db), 'reader');
  } catch (error) {
    db?.close();
    throw new StoreOpenError(file, error);
  }
}

/**
 * A second read-write connection to an existing DATA_DIR/store.sqlite, for a worker thread (the
 * import's inserts, docs/decisions/import-speed.md): its writes wait for the others' (busy_timeout)
 * as another process's do, and it closes without the optimize, checkpoint or compaction the API's
 * own connection runs.
 */
export function openSqliteWriter(dataDir: string): Store {
  const file = path.join(dataDir, STORE_FILE);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    // journal_mode is the file's; synchronous and the rest are each connection's own.
    db.pragma('synchronous = NORMAL');
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -32000');
    db.pragma('temp_store = MEMORY');
    return storeOver(db, new SqliteEngine(db), 'writer');
  } catch (error) {
    db?.close();
    throw new StoreOpenError(file, error);
  }
}

/** A throw-away store in memory (tests). */
export function openMemorySqliteStore(): Store {
  const db = openDatabase(':memory:');
  return storeOver(db, new SqliteEngine(db), 'memory');
}
