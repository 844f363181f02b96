// The bin's records (`bin`, one per deletion: who, when, what, counts) and their documents
// (`binParts`, the deleted documents by collection, in slices so no stored row grows with a file's
// size), and the purge's day markers. docs/decisions/bin.md.
import type { BinCounts, BinKind } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store } from '../../db/types';

/** The live collections a record's documents come from and go back to. */
export type BinCollection = 'prospectFiles' | 'prospects' | 'opportunities' | 'messages';

export type BinRecordDoc = {
  _id: string;
  organisationId: string;
  kind: BinKind;
  label: string;
  deletedBy: string;
  deletedByName: string;
  deletedAt: number;
  counts: BinCounts;
  /** The permission bit that restores it (the one that deleted it). */
  bit: number;
  /** Only this member sees it (their private file's content); null: every member holding `bit`. */
  privateTo: string | null;
  /** An opportunity's owner: they see it, and so do the members who see everyone's opportunities. */
  ownerId: string | null;
  /** The file concerned ('' for an opportunity or prospect outside any file) and its name. */
  excelId: string;
  fileName: string;
  /** True when the file document itself is among the documents. */
  fileRemoved: boolean;
  /**
   * Dedup keys of its prospects that live prospects also held at deletion: they were duplicates
   * already, so finding them again at restoration is no conflict.
   */
  sharedKeys: string[];
  /** An opportunity's prospect given back to its file (not binned): as it was, to take it again. */
  released: Record<string, unknown> | null;
  /**
   * Set while a file's documents move, a chunk per transaction (docs/decisions/bin.md, "In chunks"):
   * 'out' into the record, 'in' back to the live collections. Such a record is in no list, restored
   * by nobody, purged by nobody; the bin's start finishes a move a stopped process left.
   */
  moving?: 'out' | 'in';
  /** A moving-out undone import's prospects that stay in the file (worked ones). */
  keep?: string[];
};

export type BinPartDoc = {
  _id: string;
  binId: string;
  organisationId: string;
  collection: BinCollection;
  docs: Record<string, unknown>[];
};

type PurgeDoc = { _id: string; at: number; purged: number };

/** Documents per part: a few hundred kB of JSON at most. */
const PART_SIZE = 500;

export class BinRepository {
  readonly records: Collection<BinRecordDoc>;
  private readonly parts: Collection<BinPartDoc>;
  private readonly purges: Collection<PurgeDoc>;

  constructor(store: Store) {
    this.records = store.collection<BinRecordDoc>('bin');
    this.parts = store.collection<BinPartDoc>('binParts');
    this.purges = store.collection<PurgeDoc>('binPurges');
  }

  /** Which of these documents of one collection some record holds (a scan of that collection's parts). */
  async heldIds(
    organisationId: string,
    collection: BinCollection,
    ids: readonly string[],
  ): Promise<Set<string>> {
    const wanted = new Set(ids);
    const held = new Set<string>();
    if (wanted.size === 0) return held;
    const parts = await this.parts.find({ organisationId, collection, 'docs._id': { $in: [...wanted] } });
    for (const part of parts)
      for (const doc of part.docs) if (wanted.has(doc._id as string)) held.add(doc._id as string);
    return held;
  }

  async ensureIndexes(): Promise<void> {
    await this.records.createIndex({ organisationId: 1, deletedAt: -1 });
    await this.records.createIndex({ deletedAt: 1 });
    await this.parts.createIndex({ binId: 1 });
    // A move back finds a record's parts of one collection without reading the others' documents.
    await this.parts.createIndex({ binId: 1, collection: 1, organisationId: 1 });
  }

  async insert(
    record: Omit<BinRecordDoc, '_id'>,
    documents: Partial<Record<BinCollection, readonly object[]>>,
  ): Promise<string> {
    const { insertedId } = await this.records.insertOne(record);
    await this.addParts({ _id: insertedId, organisationId: record.organisationId }, documents);
    return insertedId;
  }

  /** Adds documents to a record (a chunk of a move), PART_SIZE per part. */
  async addParts(
    record: Pick<BinRecordDoc, '_id' | 'organisationId'>,
    documents: Partial<Record<BinCollection, readonly object[]>>,
  ): Promise<void> {
    const parts: Omit<BinPartDoc, '_id'>[] = [];
    for (const [collection, docs] of Object.entries(documents) as [BinCollection, object[]][])
      for (let first = 0; first < docs.length; first += PART_SIZE)
        parts.push({
          binId: record._id,
          organisationId: record.organisationId,
          collection,
          docs: docs.slice(first, first + PART_SIZE) as Record<string, unknown>[],
        });
    for (let first = 0; first < parts.length; first += 20)
      await this.parts.insertMany(parts.slice(first, first + 20));
  }

  /** One part of a record's documents of a collection (a chunk of a move back), null when none is left. */
  onePart(record: Pick<BinRecordDoc, '_id' | 'organisationId'>, collection: BinCollection) {
    return this.parts.findOne({ binId: record._id, organisationId: record.organisationId, collection });
  }

  async removePart(partId: string): Promise<void> {
    await this.parts.deleteOne({ _id: partId });
  }

  /** The records a stopped process left moving. */
  moving(): Promise<BinRecordDoc[]> {
    return this.records.find({ moving: { $exists: true } }, { projection: { _id: 1, organisationId: 1 } });
  }

  /** The record's dedup keys of its prospects, part by part (a turn of the event loop between parts). */
  async *prospectParts(record: Pick<BinRecordDoc, '_id' | 'organisationId'>) {
    const ids = await this.parts.find(
      { binId: record._id, organisationId: record.organisationId, collection: 'prospects' },
      { projection: { _id: 1 } },
    );
    for (const { _id } of ids) {
      const part = await this.parts.findOne({ _id });
      if (part) yield part.docs;
    }
  }

  findOne(organisationId: string, binId: string): Promise<BinRecordDoc | null> {
    return this.records.findOne({ _id: binId, organisationId });
  }

  /** A record's documents by collection (only those of `only` when given). */
  async documents(record: Pick<BinRecordDoc, '_id' | 'organisationId'>, only?: BinCollection[]) {
    const parts = await this.parts.find({
      binId: record._id,
      organisationId: record.organisationId,
      ...(only ? { collection: { $in: only } } : {}),
    });
    const byCollection: Record<BinCollection, Record<string, unknown>[]> = {
      prospectFiles: [],
      prospects: [],
      opportunities: [],
      messages: [],
    };
    for (const part of parts) byCollection[part.collection].push(...part.docs);
    return byCollection;
  }

  /** Removes a record and its documents; false when it was already gone. */
  async remove(binId: string): Promise<boolean> {
    await this.parts.deleteMany({ binId });
    return (await this.records.deleteOne({ _id: binId })).deletedCount === 1;
  }

  page(filter: Filter<BinRecordDoc>, offset: number, limit: number): Promise<BinRecordDoc[]> {
    return this.records.find(filter, {
      sort: { deletedAt: -1, _id: -1 },
      skip: offset,
      limit,
      projection: { sharedKeys: 0, released: 0 },
    });
  }

  count(filter: Filter<BinRecordDoc>): Promise<number> {
    return this.records.countDocuments(filter);
  }

  /** Records deleted before `cutoff`, a slice at a time. */
  async expired(cutoff: number, limit: number): Promise<string[]> {
    const found = await this.records.find(
      { deletedAt: { $lt: cutoff }, moving: { $exists: false } },
      { limit, projection: { _id: 1 }, sort: { deletedAt: 1 } },
    );
    return found.map((record) => record._id);
  }

  purgedOn(day: string): Promise<PurgeDoc | null> {
    return this.purges.findOne({ _id: day });
  }

  /** The day's purge done; false when another process recorded it first. */
  async markPurged(day: string, at: number, purged: number): Promise<boolean> {
    try {
      await this.purges.insertOne({ _id: day, at, purged });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
