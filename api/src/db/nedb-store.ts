// Embedded store: one NeDB datastore per collection, persisted as DATA_DIR/<name>.db (or in memory).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { DuplicateKeyError } from './errors';
import { newId } from './ids';
import { checkFilter, checkUpdate } from './operators';
import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexOptions,
  NewDocument,
  Projection,
  Store,
  Update,
} from './types';

const COMPACTION_INTERVAL_MS = 10 * 60 * 1000;

/** Code-unit order, as MongoDB's default (binary) collation orders ASCII text. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorType?: unknown }).errorType === 'uniqueViolated'
  );
}

class NedbCollection<T extends Document> implements Collection<T> {
  private ready: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly datastore: Datastore,
    private readonly persisted: boolean,
  ) {}

  private async db(): Promise<Datastore> {
    this.ready ??= this.datastore.loadDatabaseAsync().then(() => {
      if (this.persisted) this.datastore.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
    });
    await this.ready;
    return this.datastore;
  }

  private async guard<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, error);
      throw error;
    }
  }

  async findOne(filter: Filter<T>, options: { projection?: Projection } = {}): Promise<T | null> {
    checkFilter(filter);
    const db = await this.db();
    const doc = await db.findOneAsync(filter, options.projection ?? {});
    return (doc as unknown as T | null) ?? null;
  }

  async find(filter: Filter<T>, options: FindOptions = {}): Promise<T[]> {
    checkFilter(filter);
    const db = await this.db();
    let cursor = db.findAsync(filter, options.projection ?? {});
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined && options.limit > 0) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as T[];
  }

  async countDocuments(filter: Filter<T> = {} as Filter<T>): Promise<number> {
    checkFilter(filter);
    const db = await this.db();
    return (await db.countAsync(filter)) as unknown as number;
  }

  async insertOne(doc: NewDocument<T>): Promise<{ insertedId: string }> {
    const db = await this.db();
    const toInsert = { ...doc, _id: doc._id ?? newId() };
    await this.guard(() => db.insertAsync(toInsert));
    return { insertedId: toInsert._id };
  }

  async insertMany(docs: NewDocument<T>[]): Promise<{ insertedIds: string[]; insertedCount: number }> {
    if (docs.length === 0) return { insertedIds: [], insertedCount: 0 };
    const db = await this.db();
    const toInsert = docs.map((doc) => ({ ...doc, _id: doc._id ?? newId() }));
    await this.guard(() => db.insertAsync(toInsert));
    return { insertedIds: toInsert.map((doc) => doc._id), insertedCount: toInsert.length };
  }

  private async update(
    filter: Filter<T>,
    update: Update<T>,
    multi: boolean,
  ): Promise<{ matchedCount: number }> {
    checkFilter(filter);
    checkUpdate(update);
    const db = await this.db();
    const result = await this.guard(() => db.updateAsync(filter, update, { multi }));
    return { matchedCount: result.numAffected };
  }

  updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    return this.update(filter, update, false);
  }

  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    return this.update(filter, update, true);
  }

  private async remove(filter: Filter<T>, multi: boolean): Promise<{ deletedCount: number }> {
    checkFilter(filter);
    const db = await this.db();
    return { deletedCount: await db.removeAsync(filter, { multi }) };
  }

  deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.remove(filter, false);
  }

  deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.remove(filter, true);
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new Error('Un index doit porter sur au moins un champ');
    const db = await this.db();
    // NeDB indexes are unordered; direction only matters to MongoDB.
    await this.guard(() =>
      db.ensureIndexAsync({
        fieldName: fields.length === 1 ? (fields[0] as string) : fields,
        unique: options.unique ?? false,
        sparse: options.sparse ?? false,
      }),
    );
  }

  async drop(): Promise<void> {
    const db = await this.db();
    await db.removeAsync({}, { multi: true });
    await db.dropDatabaseAsync();
    this.ready = null;
  }

  async close(): Promise<void> {
    if (!this.ready) return;
    await this.ready;
    this.datastore.stopAutocompaction();
    if (this.persisted) await this.datastore.compactDatafileAsync();
  }
}

export type NedbStoreOptions = { dataDir: string } | { inMemory: true };

export function openNedbStore(options: NedbStoreOptions): Store {
  const inMemory = 'inMemory' in options;
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const collections = new Map<string, NedbCollection<Document>>();

  return {
    kind: inMemory ? 'nedb-memory' : 'nedb',
    collection<T extends Document>(name: string): Collection<T> {
      if (!/^[a-zA-Z][\w-]*$/.test(name)) throw new Error(`Nom de collection invalide : ${name}`);
      let existing = collections.get(name);
      if (!existing) {
        const datastore = new Datastore(
          inMemory
            ? { inMemoryOnly: true, compareStrings }
            : { filename: path.join(options.dataDir, `${name}.db`), compareStrings },
        );
        existing = new NedbCollection<Document>(name, datastore, !inMemory);
        collections.set(name, existing);
      }
      return existing as unknown as Collection<T>;
    },
    async dropAll(): Promise<void> {
      for (const collection of collections.values()) await collection.drop();
      collections.clear();
    },
    async close(): Promise<void> {
      for (const collection of collections.values()) await collection.close();
    },
  };
}
