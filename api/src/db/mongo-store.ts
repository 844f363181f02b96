// Production store: the official MongoDB driver behind the same collection interface.
import { MongoClient, MongoServerError, type Collection as MongoCollection, type Db } from 'mongodb';
import { DuplicateKeyError } from './errors';
import { checkGroupSpec, type GroupRow, type GroupSpec } from './group';
import { groupPipeline, groupRowOf } from './mongo-group';
import { newId } from './ids';
import { checkFilter, checkProjection, checkUpdate } from './operators';
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

// The driver types _id as ObjectId by default; our documents use ObjectId hex strings.
type RawDoc = { _id: string } & Record<string, unknown>;
type AnyFilter = Parameters<MongoCollection<RawDoc>['find']>[0] & object;
type AnyUpdate = Parameters<MongoCollection<RawDoc>['updateOne']>[1];

function isDuplicateKey(error: unknown): boolean {
  if (error instanceof MongoServerError && error.code === 11000) return true;
  // insertMany reports a bulk write error whose write errors carry the code.
  const writeErrors = (error as { writeErrors?: { code?: number }[] } | null)?.writeErrors;
  return Array.isArray(writeErrors) && writeErrors.some((item) => item.code === 11000);
}

/** Database name from the URI path, `prospection` when the URI names none. */
export function databaseNameFromUri(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : 'prospection';
}

class MongoCollectionAdapter<T extends Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly raw: MongoCollection<RawDoc>,
  ) {}

  private async guard<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, error);
      throw error;
    }
  }

  async findOne(filter: Filter<T>, options: { projection?: Projection } = {}): Promise<T | null> {
    checkFilter(filter);
    if (options.projection) checkProjection(options.projection);
    const doc = await this.raw.findOne(
      filter as AnyFilter,
      options.projection ? { projection: options.projection } : {},
    );
    return (doc as unknown as T | null) ?? null;
  }

  async find(filter: Filter<T>, options: FindOptions = {}): Promise<T[]> {
    checkFilter(filter);
    if (options.projection) checkProjection(options.projection);
    let cursor = this.raw.find(
      filter as AnyFilter,
      options.projection ? { projection: options.projection } : {},
    );
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined && options.limit > 0) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async countDocuments(filter: Filter<T> = {} as Filter<T>): Promise<number> {
    checkFilter(filter);
    return this.raw.countDocuments(filter as AnyFilter);
  }

  async insertOne(doc: NewDocument<T>): Promise<{ insertedId: string }> {
    const toInsert = { ...doc, _id: doc._id ?? newId() } as RawDoc;
    await this.guard(() => this.raw.insertOne(toInsert));
    return { insertedId: toInsert._id };
  }

  async insertMany(docs: NewDocument<T>[]): Promise<{ insertedIds: string[]; insertedCount: number }> {
    if (docs.length === 0) return { insertedIds: [], insertedCount: 0 };
    const toInsert = docs.map((doc) => ({ ...doc, _id: doc._id ?? newId() }) as RawDoc);
    await this.guard(() => this.raw.insertMany(toInsert));
    return { insertedIds: toInsert.map((doc) => doc._id), insertedCount: toInsert.length };
  }

  /** MongoDB takes documents, not text: parsed here, the shape is the SQLite registry's only. */
  insertSerialised(bodies: Iterable<string>): Promise<{ insertedIds: string[]; insertedCount: number }> {
    return this.insertMany(Array.from(bodies, (body) => JSON.parse(body) as NewDocument<T>));
  }

  async updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    checkFilter(filter);
    checkUpdate(update);
    const result = await this.guard(() => this.raw.updateOne(filter as AnyFilter, update as AnyUpdate));
    return { matchedCount: result.matchedCount };
  }

  async updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matchedCount: number }> {
    checkFilter(filter);
    checkUpdate(update);
    const result = await this.guard(() => this.raw.updateMany(filter as AnyFilter, update as AnyUpdate));
    return { matchedCount: result.matchedCount };
  }

  async updateEach(
    updates: readonly { filter: Filter<T>; update: Update<T> }[],
  ): Promise<{ matchedCount: number }> {
    if (updates.length === 0) return { matchedCount: 0 };
    for (const { filter, update } of updates) {
      checkFilter(filter);
      checkUpdate(update);
    }
    const result = await this.guard(() =>
      this.raw.bulkWrite(
        updates.map(({ filter, update }) => ({
          updateOne: { filter: filter as AnyFilter, update: update as AnyUpdate },
        })),
        { ordered: true },
      ),
    );
    return { matchedCount: result.matchedCount };
  }

  async deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    checkFilter(filter);
    const result = await this.raw.deleteOne(filter as AnyFilter);
    return { deletedCount: result.deletedCount };
  }

  async deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    checkFilter(filter);
    const result = await this.raw.deleteMany(filter as AnyFilter);
    return { deletedCount: result.deletedCount };
  }

  async group(filter: Filter<T>, spec: GroupSpec): Promise<GroupRow[]> {
    checkFilter(filter);
    checkGroupSpec(spec);
    const results = await this.raw.aggregate(groupPipeline(filter, spec)).toArray();
    return results.map((result) => groupRowOf(result, spec));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    if (Object.keys(keys).length === 0) throw new Error('Un index doit porter sur au moins un champ');
    await this.guard(() =>
      this.raw.createIndex(keys, {
        unique: options.unique ?? false,
        sparse: options.sparse ?? false,
        ...(options.onlyWith ? { partialFilterExpression: { [options.onlyWith]: { $exists: true } } } : {}),
      }),
    );
  }
}

export async function openMongoStore(uri: string, databaseName = databaseNameFromUri(uri)): Promise<Store> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000, appName: 'prospection-api' });
  await client.connect();
  const db: Db = client.db(databaseName);
  const collections = new Map<string, Collection<Document>>();

  return {
    kind: 'mongodb',
    collection<T extends Document>(name: string): Collection<T> {
      let existing = collections.get(name);
      if (!existing) {
        existing = new MongoCollectionAdapter<Document>(name, db.collection<RawDoc>(name));
        collections.set(name, existing);
      }
      return existing as unknown as Collection<T>;
    },
    // A standalone server has no transactions: the writes run in order (write-transactions.md).
    runInTransaction: (work) => work(),
    async dropAll(): Promise<void> {
      await db.dropDatabase();
      collections.clear();
    },
    async close(): Promise<void> {
      await client.close();
    },
  };
}
