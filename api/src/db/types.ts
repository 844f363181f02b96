// The collection interface of DESIGN.md §5: a subset of the official MongoDB driver's API that the
// embedded store (SQLite) implements identically. Application code sees only these types.
// docs/decisions/data-store.md lists the supported operators and the differences we paper over.
import type { GroupRow, GroupSpec } from './group';

export type Document = { _id: string };

/** Field conditions both engines evaluate the same way ($eq and field-level $not are MongoDB-only). */
export type Condition<V> = {
  $lt?: V;
  $lte?: V;
  $gt?: V;
  $gte?: V;
  $ne?: V | null;
  $in?: readonly (V | null)[];
  $nin?: readonly (V | null)[];
  $exists?: boolean;
  $regex?: RegExp;
  $size?: number;
  $elemMatch?: Record<string, unknown>;
};

type FieldValue<V> = V extends readonly (infer E)[] ? V | E : V;

export type Filter<T> = {
  [K in keyof T]?: FieldValue<T[K]> | Condition<FieldValue<T[K]>> | null;
} & {
  /** Dot-notation paths into sub-documents. */
  [path: `${string}.${string}`]: unknown;
  $or?: Filter<T>[];
  $and?: Filter<T>[];
};

export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export type FindOptions = {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
};

type ArrayElement<V> = V extends readonly (infer E)[] ? E : never;
type ArrayKeys<T> = { [K in keyof T]: NonNullable<T[K]> extends readonly unknown[] ? K : never }[keyof T];
type NumberKeys<T> = { [K in keyof T]: NonNullable<T[K]> extends number ? K : never }[keyof T];

export type Update<T> = {
  $set?: Partial<Omit<T, '_id'>> & Record<`${string}.${string}`, unknown>;
  $unset?: { [K in Exclude<keyof T, '_id'>]?: true };
  $inc?: { [K in NumberKeys<T>]?: number };
  $min?: Partial<Omit<T, '_id'>>;
  $max?: Partial<Omit<T, '_id'>>;
  $push?: {
    [K in ArrayKeys<T>]?: ArrayElement<NonNullable<T[K]>> | { $each: ArrayElement<NonNullable<T[K]>>[] };
  };
  $addToSet?: {
    [K in ArrayKeys<T>]?: ArrayElement<NonNullable<T[K]>> | { $each: ArrayElement<NonNullable<T[K]>>[] };
  };
  $pull?: {
    [K in ArrayKeys<T>]?: ArrayElement<NonNullable<T[K]>> | { $in: ArrayElement<NonNullable<T[K]>>[] };
  };
};

/** A document to insert: `_id` is optional, the store generates an ObjectId hex string when absent. */
export type NewDocument<T extends Document> = Omit<T, '_id'> & { _id?: string };

export type InsertOneResult = { insertedId: string };
export type InsertManyResult = { insertedIds: string[]; insertedCount: number };
/** Only matchedCount: the interface never promised modifiedCount, and no caller needs it. */
export type UpdateResult = { matchedCount: number };
export type DeleteResult = { deletedCount: number };

export type IndexOptions = {
  unique?: boolean;
  sparse?: boolean;
  /**
   * Only the documents holding this field (not null) are indexed (a partial index): a query uses it
   * when it compares the field (a range, `$gte`, equality). For a few documents of a big collection
   * (the taken prospects).
   */
  onlyWith?: string;
  /**
   * Embedded store: text fields whose value (and JSON type) the index holds too, after its keys, so a
   * filter on them over the keys' range (a search in a file's searchText) is read from the index alone
   * and only the matching documents are read. It replaces an index of the same keys without them.
   * MongoDB ignores it.
   */
  carries?: string[];
};

import type { DocShape } from './doc-shape';

export type { DocShape } from './doc-shape';
export type { GroupKey, GroupRow, GroupSpec, GroupValue, Accumulator } from './group';

/** A document as stored (findTexts): its `_id`, its other fields as JSON text, some fields' values. */
export type DocText = { _id: string; json: string; fields: unknown[] };

export type Collection<T extends Document> = {
  readonly name: string;
  findOne(filter: Filter<T>, options?: { projection?: Projection }): Promise<T | null>;
  find(filter: Filter<T>, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter<T>): Promise<number>;
  /**
   * find's documents as the store holds them, as JSON text (without `_id`, projection applied), with
   * the values of some top-level `fields` (null when missing or null): a reply assembled from the texts
   * skips JSON.parse then JSON.stringify (docs/decisions/load.md). Embedded store only: absent on
   * MongoDB, whose callers use find.
   */
  findTexts?(filter: Filter<T>, options: FindOptions & { fields?: readonly string[] }): Promise<DocText[]>;
  insertOne(doc: NewDocument<T>): Promise<InsertOneResult>;
  insertMany(docs: NewDocument<T>[]): Promise<InsertManyResult>;
  /**
   * insertMany for documents already written as JSON text (each without `_id`; the store gives one),
   * with their shape (doc-shape.ts): what a worker thread makes ready spares the event loop the
   * serialisation. Callers own the texts' validity: they are stored as given. The texts are read once,
   * in order, inside the write: a generator may yield them as they arrive (import-worker.ts).
   */
  insertSerialised(bodies: Iterable<string>, shape: DocShape): Promise<InsertManyResult>;
  updateOne(filter: Filter<T>, update: Update<T>): Promise<UpdateResult>;
  updateMany(filter: Filter<T>, update: Update<T>): Promise<UpdateResult>;
  /**
   * Several updateOne at once, in order: one transaction in SQLite (a row at a time costs a commit
   * each), one ordered bulkWrite in MongoDB. Callers keep the list bounded (the event loop waits).
   */
  updateEach(updates: readonly { filter: Filter<T>; update: Update<T> }[]): Promise<UpdateResult>;
  deleteOne(filter: Filter<T>): Promise<DeleteResult>;
  deleteMany(filter: Filter<T>): Promise<DeleteResult>;
  /** Figures per group of the documents matching `filter`, computed by the engine (group.ts). */
  group(filter: Filter<T>, spec: GroupSpec): Promise<GroupRow[]>;
  /** Creates the index if it does not exist yet (idempotent). Keys in order; 1 = ascending. */
  createIndex(
    keys: Partial<Record<keyof T & string, 1 | -1>> & Record<string, 1 | -1>,
    options?: IndexOptions,
  ): Promise<void>;
};

export type StoreKind = 'sqlite' | 'sqlite-memory' | 'mongodb';

export type Store = {
  readonly kind: StoreKind;
  collection<T extends Document>(name: string): Collection<T>;
  /**
   * Runs `work`, whose writes are one whole: all kept or, when it throws, none (embedded store: one
   * IMMEDIATE SQLite transaction; the process's other calls wait for its end). `work` calls only this
   * store, nothing slow (the write lock is held throughout). MongoDB runs it as a plain sequence
   * (no transactions outside a replica set): docs/decisions/write-transactions.md.
   */
  runInTransaction<R>(work: () => Promise<R>): Promise<R>;
  /**
   * A mark that moves whenever anything in the store may have changed since it was last read: a
   * commit of this connection or of any other (another API process, a worker thread). Read before
   * loading a value, it lets a process keep the value while the mark stays the same (StampedCache,
   * docs/decisions/request-path.md, fourth round). Null when the store cannot tell (MongoDB, or inside
   * an open runInTransaction): the caller reads the store. With `collections`, a mark that moves only
   * when one of them may have changed (a write to another collection leaves it); a name
   * `collection.field` moves only when documents of the collection were added or removed or that
   * top-level field updated (a count over a file's search texts outlives its prospects' state
   * changes: load.md). A store that cannot tell them apart answers its whole-store mark.
   */
  changeMark?(collections?: readonly string[]): string | null;
  /** Drops every collection (tests only). */
  dropAll(): Promise<void>;
  close(): Promise<void>;
};
