// Prospect files and their prospects (one document per row), through the collection interface.
// Visibility rules live here, in the filters, so no query can forget them: a file is seen only once
// `ready`, and a private one only by its creator (docs/decisions/prospect-import.md).
import {
  type DuplicatePolicy,
  type ImportMapping,
  type ImportOptions,
  type ImportSummary,
  type LatLngPrecision,
  OPPORTUNITY_STATES,
  type OpportunityState,
  type ProspectFields,
  yieldToEventLoop,
} from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { changeMarkOf, StampedCache } from '../../db/stamped-cache';
import type { Collection, DocShape, DocText, Filter, Store } from '../../db/types';

/**
 * 'deleting': being removed (invisible); the start-up sweep finishes what a crash interrupted.
 * 'binning': its prospects moving to or from the bin, a chunk at a time (invisible, like 'deleting');
 * the bin's start finishes what a crash interrupted (docs/decisions/bin.md), not this sweep.
 */
export type ProspectFileStatus = 'importing' | 'ready' | 'deleting' | 'binning';

export type ProspectFileDoc = {
  _id: string;
  organisationId: string;
  /** The creator. */
  userId: string;
  /** The creator's name, denormalised for the list. */
  username: string;
  name: string;
  isPrivate: boolean;
  manual: boolean;
  status: ProspectFileStatus;
  count: number;
  /** Prospects made into opportunities ("A qualifier" selected/total). */
  countSelected: number;
  date: number;
  lastModificationDate: number;
  importStartedAt: number;
  /** Last batch (or start); the sweep removes imports idle for too long. */
  lastActivityAt: number;
  /**
   * Held while one API instance works on the import (a batch, finish, abort), so a batch retried on
   * another instance waits instead of interleaving with it; expires if its holder dies.
   */
  leaseUntil?: number;
  leaseToken?: string;
  mapping: ImportMapping;
  columns: string[];
  totalRows: number;
  duplicates: DuplicatePolicy;
  options: ImportOptions;
  /** Rows acknowledged so far: the next batch must start there. */
  received: number;
  /** The import summary, kept as top-level counters so each batch adds to them atomically. */
  imported: number;
  duplicatesFound: number;
  duplicatesSkipped: number;
  siretFlagged: number;
  /** Rejected rows (file index and reason), capped; the rest are only counted. */
  rejected: ImportSummary['rejected'];
  rejectedCount: number;
};

export type BatchCounts = Pick<
  ProspectFileDoc,
  'imported' | 'duplicatesFound' | 'duplicatesSkipped' | 'siretFlagged' | 'rejectedCount'
>;

export type ProspectDoc = ProspectFields & {
  _id: string;
  organisationId: string;
  excelId: string;
  /** The file's creator. */
  userId: string;
  isPrivate: boolean;
  rowIndex: number;
  departement: string;
  region: string;
  value: string;
  searchText: string;
  dedupKey: string;
  siretFlagged: boolean;
  isAccepted: boolean;
  state: OpportunityState | null;
  opportunityId?: string;
  /** Owner of the opportunity made from it, denormalised for the file detail. */
  acceptedBy?: string;
  /** When it was made into an opportunity (the opportunity's creation): the reports' period. */
  acceptedAt?: number;
  acceptedUsername?: string;
  latlng?: string;
  /** How precise `latlng` is: 'address' from the geocoder, never overwritten by an offline position. */
  latlngPrecision?: LatLngPrecision;
  /** When a member last edited it (its opportunity's "Modifier"): "Annuler l'import" keeps it. */
  editedAt?: number;
  /** Set when the file was deleted: the prospect stays for its opportunity, outside any file. */
  excelDeletedAt?: number;
  /**
   * Counts the changes of its fields (a member's edit, the registry filling a missing field); absent
   * = 0. Positions, acceptance and the copies of its opportunity's state and owner leave it: they are
   * not what the prospect form edits (docs/decisions/edit-conflicts.md).
   */
  version?: number;
  modifiedAt?: number;
  /** The member whose edit set `version`; absent when the registry filled fields. */
  modifiedBy?: string;
};

export type NewProspect = Omit<ProspectDoc, '_id'>;

/**
 * One per organisation: `stamp` moves after every write to its prospects, so the opportunities
 * component knows when the prospect views it keeps in memory may be out of date. `recent` says what
 * the last moves changed, oldest first, the last one being `stamp`'s (so the first is that of
 * `stamp - recent.length + 1`): each move's prospect ids, or null when any prospect may have changed.
 * Both move in one update, so they stay in step whatever writes them; absent on stamps written before.
 */
export type ProspectStampDoc = { _id: string; stamp: number; recent?: (string[] | null)[] };

/** The prospects changed between two stamps; null: not known exactly (read them all again). */
export type ProspectChanges = ReadonlySet<string> | null;

/** Moves kept in `recent`: past RECENT_MAX, the oldest are dropped down to RECENT_KEPT. */
const RECENT_MAX = 256;
const RECENT_KEPT = 128;
/** A move of more prospects than this is recorded as "any" (null). */
const RECENT_IDS_MAX = 256;

/** The rows a file may be read with: ready, and not someone else's private file. */
function visibleFiles(organisationId: string, userId: string): Filter<ProspectFileDoc> {
  return { organisationId, status: 'ready', $or: [{ isPrivate: false }, { userId }] };
}

/** Deletions go by chunks of ids so a million-row file never holds the event loop in one statement. */
const DELETE_CHUNK = 2000;
/** A few ms of SQLite work: short enough for the event loop (bench/store.mjs), long enough to keep inserts fast. */
const INSERT_CHUNK = 250;
/**
 * What a file's count (searched or not) is read from: its rows (added or removed), the fields that
 * place a row in a file, and the search texts. A prospect's state or owner changing leaves it.
 */
const FILE_COUNT_MARKS = ['prospects.organisationId', 'prospects.excelId', 'prospects.searchText'];
/** Counts kept per connection (a file and a search each): a few bytes each. */
const FILE_COUNTS_KEPT = 2_000;

/** A file's count's key among those kept: the file and the search's pattern. */
const fileCountKey = (organisationId: string, excelId: string, search: RegExp | null): string =>
  JSON.stringify([organisationId, excelId, search?.source ?? null, search?.flags ?? null]);

export class ProspectsRepository {
  readonly files: Collection<ProspectFileDoc>;
  readonly prospects: Collection<ProspectDoc>;
  private readonly stamps: Collection<ProspectStampDoc>;
  /**
   * countOfFile's answers, kept while no prospect was added, removed, moved or given another search
   * text (FILE_COUNT_MARKS): a search's count reads every row of the file (8–22 ms for 20,000), and a
   * file is searched for the same words far more often than its rows change (load.md, "A search's
   * count kept").
   */
  private readonly fileCounts: StampedCache<number>;

  constructor(store: Store) {
    this.files = store.collection<ProspectFileDoc>('prospectFiles');
    this.prospects = store.collection<ProspectDoc>('prospects');
    this.stamps = store.collection<ProspectStampDoc>('prospectChangeStamps');
    this.fileCounts = new StampedCache(changeMarkOf(store, FILE_COUNT_MARKS), FILE_COUNTS_KEPT);
  }

  /** The organisation's prospects change stamp (0 before any change); one lookup by _id. */
  async changeStamp(organisationId: string): Promise<number> {
    return (await this.stamps.findOne({ _id: organisationId }, { projection: { stamp: 1 } }))?.stamp ?? 0;
  }

  /**
   * Called after the write it stands for, so a reader that sees the new stamp sees the write.
   * `ids`: the prospects the write changed (`[]`: none that an opportunity shows, as a file made
   * ready); null, the default: any of the organisation's prospects may have changed.
   */
  async bumpChangeStamp(organisationId: string, ids: readonly string[] | null = null): Promise<void> {
    const change = ids === null || ids.length > RECENT_IDS_MAX ? null : [...new Set(ids)];
    const bump = () =>
      this.stamps.updateOne({ _id: organisationId }, { $inc: { stamp: 1 }, $push: { recent: change } });
    if ((await bump()).matchedCount === 0) {
      try {
        await this.stamps.insertOne({ _id: organisationId, stamp: 1, recent: [change] });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await bump();
      }
    }
    // Now and then the oldest moves go, in an update made only if nothing moved since the read.
    const doc = await this.stamps.findOne({ _id: organisationId });
    if (!doc?.recent || doc.recent.length <= RECENT_MAX) return;
    await this.stamps.updateOne(
      { _id: organisationId, stamp: doc.stamp },
      { $set: { recent: doc.recent.slice(-RECENT_KEPT) } },
    );
  }

  /**
   * The prospects changed after stamp `from` up to `to` (both read from changeStamp), or null when
   * that is not known exactly: a move of unknown extent, or one older than those kept.
   */
  async changesBetween(organisationId: string, from: number, to: number): Promise<ProspectChanges> {
    if (to <= from) return new Set();
    const doc = await this.stamps.findOne({ _id: organisationId });
    if (!doc?.recent || doc.stamp < to) return null;
    // recent[i] is the move to stamp `first + i`.
    const first = doc.stamp - doc.recent.length + 1;
    if (from + 1 < first) return null;
    const ids = new Set<string>();
    for (let stamp = from + 1; stamp <= to; stamp += 1) {
      const change = doc.recent[stamp - first];
      if (change === null || change === undefined) return null;
      for (const id of change) ids.add(id);
    }
    return ids;
  }

  async ensureIndexes(): Promise<void> {
    await this.files.createIndex({ organisationId: 1, status: 1 });
    await this.files.createIndex({ status: 1, lastActivityAt: 1 });
    // A file's rows in order; it carries their searchText, so a search in a file (its count, and its
    // page until enough rows match) reads the index and only the matching prospects (docs/decisions/load.md).
    await this.prospects.createIndex(
      { organisationId: 1, excelId: 1, rowIndex: 1 },
      { carries: ['searchText'] },
    );
    await this.prospects.createIndex({ organisationId: 1, dedupKey: 1 });
    await this.prospects.createIndex({ organisationId: 1, excelId: 1, isAccepted: 1 });
    // Counts a file's opportunities by state from the index alone (the files list, a file's figures).
    await this.prospects.createIndex({ organisationId: 1, excelId: 1, state: 1 });
  }

  async insertFile(doc: Omit<ProspectFileDoc, '_id'>): Promise<ProspectFileDoc> {
    const { insertedId } = await this.files.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  findVisibleFile(organisationId: string, userId: string, excelId: string): Promise<ProspectFileDoc | null> {
    return this.files.findOne({ _id: excelId, ...visibleFiles(organisationId, userId) });
  }

  /** A ready file whoever's it is (its creator is told of its enrichment's end). */
  findReadyFile(organisationId: string, excelId: string): Promise<ProspectFileDoc | null> {
    return this.files.findOne(
      { _id: excelId, organisationId, status: 'ready' },
      { projection: { _id: 1, organisationId: 1, userId: 1, name: 1 } },
    );
  }

  /** The caller's own import in progress (only its creator may feed, finish or abort it). */
  findOwnImport(
    organisationId: string,
    userId: string,
    importId: string,
    withRejected = false,
  ): Promise<ProspectFileDoc | null> {
    return this.files.findOne(
      { _id: importId, organisationId, userId, status: 'importing' },
      withRejected ? undefined : { projection: { rejected: 0 } },
    );
  }

  /** Without the import's bookkeeping (the rejected list can be long). */
  listVisibleFiles(organisationId: string, userId: string): Promise<ProspectFileDoc[]> {
    return this.files.find(visibleFiles(organisationId, userId), {
      sort: { date: -1, _id: -1 },
      projection: { rejected: 0, columns: 0, mapping: 0 },
    });
  }

  async visibleFileIds(organisationId: string, userId: string): Promise<string[]> {
    const files = await this.files.find(visibleFiles(organisationId, userId), { projection: { _id: 1 } });
    return files.map((file) => file._id);
  }

  /**
   * Records one batch: succeeds only if no other batch moved `received` since it was read and the
   * caller still holds the import's lease (`lease.token`). In the same write the lease is given back
   * (`until` absent) or extended to `until` for the next batch queued in this process.
   */
  async acknowledgeBatch(
    file: Pick<ProspectFileDoc, '_id' | 'received'>,
    received: number,
    counts: BatchCounts,
    rejected: ImportSummary['rejected'],
    now: number,
    lease: { token: string; until?: number },
  ): Promise<boolean> {
    const { matchedCount } = await this.files.updateOne(
      { _id: file._id, status: 'importing', received: file.received, leaseToken: lease.token },
      {
        $set: {
          received,
          lastActivityAt: now,
          ...(lease.until !== undefined ? { leaseUntil: lease.until } : {}),
        },
        $inc: counts,
        ...(rejected.length > 0 ? { $push: { rejected: { $each: rejected } } } : {}),
        ...(lease.until === undefined ? { $unset: { leaseUntil: true, leaseToken: true } } : {}),
      },
    );
    return matchedCount === 1;
  }

  /**
   * Takes the import's lease (free, expired at `now`, or held by a token `holderGone` says no longer
   * runs) until `until`: 'taken', 'busy' when another holder has it, 'missing' when the caller has no
   * such import in progress.
   */
  async takeImportLease(
    caller: { organisationId: string; userId: string },
    importId: string,
    token: string,
    now: number,
    until: number,
    holderGone: (token: string) => boolean = () => false,
  ): Promise<'taken' | 'busy' | 'missing'> {
    const own = {
      _id: importId,
      organisationId: caller.organisationId,
      userId: caller.userId,
      status: 'importing' as const,
    };
    // Looked at first: a write waits for the store's write lock, which the holder's import thread
    // keeps while it inserts a batch, and a waiting write holds this process's event loop.
    const seen = await this.files.findOne(own, { projection: { leaseUntil: 1, leaseToken: 1 } });
    if (!seen) return 'missing';
    const held = seen.leaseUntil !== undefined && seen.leaseUntil >= now;
    // A holder gone (a worker of this cluster killed) will never give it back: taken from that holder.
    const fromGone = held && seen.leaseToken !== undefined && holderGone(seen.leaseToken);
    if (held && !fromGone) return 'busy';
    const { matchedCount } = await this.files.updateOne(
      fromGone
        ? { ...own, leaseToken: seen.leaseToken }
        : { ...own, $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lt: now } }] },
      { $set: { leaseUntil: until, leaseToken: token } },
    );
    if (matchedCount === 1) return 'taken';
    return (await this.files.findOne(own, { projection: { _id: 1 } })) ? 'busy' : 'missing';
  }

  /** Gives the lease back, if it is still this holder's. */
  async releaseImportLease(importId: string, token: string): Promise<void> {
    await this.files.updateOne(
      { _id: importId, leaseToken: token },
      { $unset: { leaseUntil: true, leaseToken: true } },
    );
  }

  /** The import becomes a visible file, in one conditional update: all its rows are stored. */
  async markReady(file: ProspectFileDoc, count: number, now: number): Promise<boolean> {
    const { matchedCount } = await this.files.updateOne(
      { _id: file._id, status: 'importing', received: file.totalRows },
      { $set: { status: 'ready', count, date: now, lastModificationDate: now, lastActivityAt: now } },
    );
    // Its prospects were not visible until now, so none of them is an opportunity's.
    if (matchedCount === 1) await this.bumpChangeStamp(file.organisationId, []);
    return matchedCount === 1;
  }

  /** Imports and deletions left behind: all of them at start, the idle ones later. */
  findAbandoned(idleSince: number | null): Promise<ProspectFileDoc[]> {
    const filter: Filter<ProspectFileDoc> = { status: { $in: ['importing', 'deleting'] } };
    if (idleSince !== null) filter.lastActivityAt = { $lt: idleSince };
    return this.files.find(filter, {
      projection: { _id: 1, organisationId: 1, status: 1, userId: 1, name: 1 },
    });
  }

  async deleteFile(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>): Promise<void> {
    await this.files.deleteOne({ _id: file._id, organisationId: file.organisationId });
  }

  /** Removes the rows of a file matching `extra`, chunk by chunk; returns how many went. */
  async deleteRows(
    file: Pick<ProspectFileDoc, '_id' | 'organisationId'>,
    extra: Filter<ProspectDoc> = {},
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const chunk = await this.prospects.find(
        { ...extra, organisationId: file.organisationId, excelId: file._id },
        { projection: { _id: 1 }, limit: DELETE_CHUNK },
      );
      if (chunk.length === 0) return deleted;
      const result = await this.prospects.deleteMany({
        organisationId: file.organisationId,
        _id: { $in: chunk.map((doc) => doc._id) },
      });
      deleted += result.deletedCount;
      await yieldToEventLoop();
    }
  }

  /** Prospects made into opportunities outlive their file (nothing a salesperson worked on vanishes). */
  async detachAccepted(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>, now: number): Promise<void> {
    await this.prospects.updateMany(
      {
        organisationId: file.organisationId,
        excelId: file._id,
        isAccepted: true,
        excelDeletedAt: { $exists: false },
      },
      { $set: { excelDeletedAt: now } },
    );
    await this.bumpChangeStamp(file.organisationId);
  }

  /**
   * Stores a batch by transactions of INSERT_CHUNK rows, yielding between them so concurrent calls
   * are served (bench/import.mjs measures their latency). A batch cut short by a crash is removed by
   * the next attempt at it (deleteRows from its first row), so the chunks need not be one transaction.
   * The documents come as the JSON texts the preparation wrote (import-rows.ts), with their shape.
   */
  async insertProspects(bodies: readonly string[], shape: DocShape): Promise<void> {
    for (let first = 0; first < bodies.length; first += INSERT_CHUNK) {
      if (first > 0) await yieldToEventLoop();
      await this.prospects.insertSerialised(bodies.slice(first, first + INSERT_CHUNK), shape);
    }
  }

  countRows(organisationId: string, excelId: string): Promise<number> {
    return this.prospects.countDocuments({ organisationId, excelId });
  }

  /**
   * Which of `keys` already exist among the given files' prospects; with `before`, the rows of that
   * file from row `fromRow` on do not count (an import's look-up begun before the rows stored since).
   */
  async existingDedupKeys(
    organisationId: string,
    excelIds: string[],
    keys: string[],
    before?: { excelId: string; fromRow: number },
  ): Promise<Set<string>> {
    if (keys.length === 0 || excelIds.length === 0) return new Set();
    // Only the dedup key in the query, so the (organisationId, dedupKey) index answers it: with the
    // files in it too, SQLite could walk the importing file's rows instead, slower at every batch.
    const files = new Set(excelIds);
    const found = await this.prospects.find(
      { organisationId, dedupKey: { $in: keys } },
      { projection: before ? { dedupKey: 1, excelId: 1, rowIndex: 1 } : { dedupKey: 1, excelId: 1 } },
    );
    return new Set(
      found
        .filter(
          (doc) =>
            files.has(doc.excelId) &&
            !(before && doc.excelId === before.excelId && doc.rowIndex >= before.fromRow),
        )
        .map((doc) => doc.dedupKey),
    );
  }

  pageOfFile(
    organisationId: string,
    excelId: string,
    search: RegExp | null,
    offset: number,
    limit: number,
  ): Promise<ProspectDoc[]> {
    return this.prospects.find(this.fileRows(organisationId, excelId, search), {
      sort: { rowIndex: 1 },
      skip: offset,
      limit,
      projection: { searchText: 0, dedupKey: 0 },
    });
  }

  /** Whether the store gives its documents' JSON texts (pageTextsOfFile): the embedded store, not MongoDB. */
  get readsTexts(): boolean {
    return this.prospects.findTexts !== undefined;
  }

  /**
   * pageOfFile's prospects as the store holds them (JSON text, `fields[0]`: acceptedUsername), for a
   * reply assembled without parsing them; only where `readsTexts`.
   */
  pageTextsOfFile(
    organisationId: string,
    excelId: string,
    search: RegExp | null,
    offset: number,
    limit: number,
  ): Promise<DocText[]> {
    if (!this.prospects.findTexts) throw new Error('Ce stockage ne donne pas les textes de ses documents');
    return this.prospects.findTexts(this.fileRows(organisationId, excelId, search), {
      sort: { rowIndex: 1 },
      skip: offset,
      limit,
      projection: { searchText: 0, dedupKey: 0 },
      fields: ['acceptedUsername'],
    });
  }

  countOfFile(organisationId: string, excelId: string, search: RegExp | null): Promise<number> {
    return this.fileCounts.get(fileCountKey(organisationId, excelId, search), () =>
      this.prospects.countDocuments(this.fileRows(organisationId, excelId, search)),
    );
  }

  /**
   * countOfFile's answer if it is kept and still true (else undefined), with the store's mark now: a
   * page read after it that shows the count itself keeps it under that mark (keepCountOfFile). A page
   * past the kept count, or of a search that keeps no row, then needs no read (file-page.ts).
   */
  keptCountOfFile(
    organisationId: string,
    excelId: string,
    search: RegExp | null,
  ): { mark: string | null; count: number | undefined } {
    const { mark, value } = this.fileCounts.look(fileCountKey(organisationId, excelId, search));
    return { mark, count: value };
  }

  /** Keeps a count read (a page's short end) after the keptCountOfFile that gave `mark`. */
  keepCountOfFile(
    organisationId: string,
    excelId: string,
    search: RegExp | null,
    mark: string | null,
    count: number,
  ): void {
    this.fileCounts.keep(fileCountKey(organisationId, excelId, search), mark, count);
  }

  private fileRows(organisationId: string, excelId: string, search: RegExp | null): Filter<ProspectDoc> {
    return search ? { organisationId, excelId, searchText: { $regex: search } } : { organisationId, excelId };
  }

  /**
   * How many prospects of a file were made into opportunities, in some states (all four by default):
   * counted from the index alone, without reading the prospects (a file can hold tens of thousands).
   * A prospect has a state exactly while it is accepted (markAccepted and unmarkAccepted set both).
   */
  countAccepted(
    organisationId: string,
    excelId: string,
    states: readonly OpportunityState[] = OPPORTUNITY_STATES,
  ): Promise<number> {
    return this.prospects.countDocuments({ organisationId, excelId, state: { $in: [...states] } });
  }

  findProspect(organisationId: string, userId: string, prospectId: string): Promise<ProspectDoc | null> {
    return this.prospects.findOne({
      _id: prospectId,
      organisationId,
      $or: [{ isPrivate: false }, { userId }],
    });
  }

  async setLatLng(prospect: ProspectDoc, latlng: string): Promise<void> {
    await this.prospects.updateOne(
      { _id: prospect._id, organisationId: prospect.organisationId },
      { $set: { latlng, latlngPrecision: 'address' } },
    );
    await this.bumpChangeStamp(prospect.organisationId, [prospect._id]);
  }

  /** Compare-and-set: only one caller turns a given prospect into an opportunity. */
  async markAccepted(
    prospect: ProspectDoc,
    acceptance: { opportunityId: string; userId: string; username: string; at: number },
  ): Promise<boolean> {
    const { matchedCount } = await this.prospects.updateOne(
      { _id: prospect._id, organisationId: prospect.organisationId, isAccepted: false },
      {
        $set: {
          isAccepted: true,
          state: 'TODO',
          opportunityId: acceptance.opportunityId,
          acceptedBy: acceptance.userId,
          acceptedUsername: acceptance.username,
          acceptedAt: acceptance.at,
        },
      },
    );
    if (matchedCount === 1) await this.bumpChangeStamp(prospect.organisationId, [prospect._id]);
    return matchedCount === 1;
  }

  async unmarkAccepted(prospect: ProspectDoc, opportunityId: string): Promise<boolean> {
    const { matchedCount } = await this.prospects.updateOne(
      { _id: prospect._id, organisationId: prospect.organisationId, opportunityId },
      {
        $set: { isAccepted: false, state: null },
        $unset: { opportunityId: true, acceptedBy: true, acceptedUsername: true, acceptedAt: true },
      },
    );
    if (matchedCount === 1) await this.bumpChangeStamp(prospect.organisationId, [prospect._id]);
    return matchedCount === 1;
  }

  async changeSelection(organisationId: string, excelId: string, by: 1 | -1, now: number): Promise<void> {
    await this.files.updateOne(
      { _id: excelId, organisationId },
      { $inc: { countSelected: by }, $set: { lastModificationDate: now } },
    );
  }
}
