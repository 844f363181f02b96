// Opportunities through the collection interface. Who sees which opportunity is decided here, in
// the one filter every read goes through (docs/decisions/opportunities.md, "Ownership").
import type { OpportunityState } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store, Update } from '../../db/types';
import type { MessageDoc } from '../messages/module';

/**
 * One line of an opportunity's history; `by` null = the server itself (renewal follow-up). Lines are
 * records of the audit log; the document holds a line only until it is one (history-log.ts).
 */
export type HistoryEntry = {
  /** The line's record id (absent on lines written before the history moved to the audit log). */
  id?: string;
  at: number;
  by: string | null;
  from: OpportunityState | null;
  to: OpportunityState;
  /** Absent on state changes written before issue 9. */
  kind?: 'create' | 'state' | 'comment' | 'assign' | 'renewal';
  reason?: string;
  /** A comment's line: the message it stands for (so a comment is never logged twice). */
  messageId?: string;
  /** A hand-over's owners before and after (user ids), for the audit log's labels. */
  owners?: { from: string; to: string };
};

/** Kept for the issue 8 name. */
export type StateChange = HistoryEntry;

export type OpportunityDoc = {
  _id: string;
  organisationId: string;
  prospectId: string;
  /** The prospect's file; '' for a manual opportunity (its prospect belongs to no file). */
  excelId: string;
  /** The owner: whoever made or took it, or whom a manager handed it to. */
  userId: string;
  state: OpportunityState;
  creationDate: number;
  /** When the stored state was entered; for TODO, when it became due. */
  stateChangedAt: number;
  /** WAITING: the follow-up date (epoch ms). */
  waitingDate?: number;
  /** Copied from the prospect's file: a private file's opportunities stay its creator's business. */
  isPrivate?: boolean;
  fileOwnerId?: string;
  /** JSON text of the contractual information object. */
  informationContractuelle?: string;
  /** When the renewal follow-up is due, and the contract end date it is for. */
  renewalAt?: number;
  renewalEndDate?: string;
  /** The last comments, newest first, for the cards (the full log is in `messages`). */
  recentMessages?: MessageDoc[];
  messageCount?: number;
  /** When its earliest comment was written (the reports' "reached" and time to first comment). */
  firstCommentAt?: number;
  /** When a renewal follow-up last brought it back as TODO (the agenda's and digest's renewals). */
  renewedAt?: number;
  /** The outbox of its history lines: empty once they are audit records (use-cases/history-log.ts). */
  history: HistoryEntry[];
  /**
   * Set by a change of state or owner in the same write, cleared once the list change record and
   * the prospect's copies of state and owner are written: present on a change the process did not
   * finish (killed), which the next start finishes (docs/decisions/durability.md).
   */
  syncToken?: string;
  /**
   * Counts the changes made by members (edits, state, owner): an edit call may send the version it
   * read and is refused when it moved. Absent on documents written before versions = 0; background
   * facts (renewal follow-ups, comments) leave it. docs/decisions/edit-conflicts.md.
   */
  version?: number;
  /** When, and by whom, the change that set `version` was made. */
  modifiedAt?: number;
  modifiedBy?: string;
};

/** Who makes a versioned change, when, and the version they read (undefined: no check, the spec's call). */
export type VersionedChange = { by: string; at: number; expected?: number };

/** The filter that matches a document still at `version` (absent counts as 0). */
export function atVersion<T extends { version?: number }>(version: number): Filter<T> {
  if (version !== 0) return { version } as Filter<T>;
  return { $or: [{ version: 0 }, { version: { $exists: false } }] } as Filter<T>;
}

/**
 * What sorting, counting, visibility and the renewal check need, read without the rest of the
 * document; the prospect's id for the server-side list's search and filters (list-facts.ts).
 */
export type OpportunityKey = Pick<
  OpportunityDoc,
  | '_id'
  | 'prospectId'
  | 'state'
  | 'stateChangedAt'
  | 'waitingDate'
  | 'creationDate'
  | 'userId'
  | 'isPrivate'
  | 'fileOwnerId'
  | 'renewalAt'
>;

/** Who is asking, and whether their role lets them see beyond their own opportunities. */
export type Scope = { organisationId: string; userId: string; seesAll: boolean };

/**
 * One per organisation: `version` goes up after every write to its opportunities, so an API
 * instance knows whether the lists it keeps in memory are still the stored ones (list-index.ts).
 */
export type ListVersionDoc = { _id: string; version: number };

/**
 * What moved one organisation's list version to `version`: the opportunities written, or null for
 * "anything may have changed" (a write behind this module's back). Written before the version moves.
 */
export type ListChangeDoc = { _id: string; organisationId: string; version: number; ids: string[] | null };

/** Change records kept per organisation; an instance further behind than this reads everything again. */
export const CHANGES_KEPT = 1000;
/** Old change records are removed by every this-many-th write. */
const PRUNE_EVERY = 100;

/**
 * Everything but the sort keys, left out (an exclusion: SQLite removes fields from the stored text
 * about twice as fast as it rebuilds an object from included ones).
 */
const KEY_EXCLUSION = {
  organisationId: 0,
  excelId: 0,
  history: 0,
  informationContractuelle: 0,
  renewalEndDate: 0,
  recentMessages: 0,
  messageCount: 0,
  syncToken: 0,
  version: 0,
  modifiedAt: 0,
  modifiedBy: 0,
} as const;

/** Writes touch at most this many documents per call (then yield), as every bulk path does. */
export const WRITE_CHUNK = 2000;

/** Sort keys are read this many at a time, with a yield between reads. */
export const KEY_CHUNK = 5000;

/** `visible(scope)` evaluated on keys already in memory: the same rule, for the list index. */
export function isVisible(
  scope: Scope,
  key: Pick<OpportunityKey, 'userId' | 'isPrivate' | 'fileOwnerId'>,
): boolean {
  if (!scope.seesAll) return key.userId === scope.userId;
  return key.isPrivate !== true || key.fileOwnerId === scope.userId || key.userId === scope.userId;
}

export class OpportunitiesRepository {
  readonly opportunities: Collection<OpportunityDoc>;
  private readonly versions: Collection<ListVersionDoc>;
  private readonly changes: Collection<ListChangeDoc>;

  constructor(private readonly store: Store) {
    this.opportunities = store.collection<OpportunityDoc>('opportunities');
    this.versions = store.collection<ListVersionDoc>('opportunityListVersions');
    this.changes = store.collection<ListChangeDoc>('opportunityListChanges');
  }

  async ensureIndexes(): Promise<void> {
    // Keys are read in _id order, a chunk at a time, from this index.
    await this.opportunities.createIndex({ organisationId: 1, _id: 1 });
    await this.opportunities.createIndex({ organisationId: 1, state: 1 });
    await this.opportunities.createIndex({ organisationId: 1, userId: 1 });
    await this.opportunities.createIndex({ organisationId: 1, prospectId: 1 });
    await this.opportunities.createIndex({ organisationId: 1, renewalAt: 1 });
    await this.opportunities.createIndex({ renewalAt: 1 });
    await this.changes.createIndex({ organisationId: 1, version: 1 });
    // Only the few changes in progress carry it.
    await this.opportunities.createIndex({ syncToken: 1 }, { sparse: true });
  }

  /**
   * Runs `work`'s writes as one whole (Store.runInTransaction: one commit on the embedded store;
   * docs/decisions/write-transactions.md). `work` calls only the store.
   */
  inTransaction<R>(work: () => Promise<R>): Promise<R> {
    return this.store.runInTransaction(work);
  }

  /** Every organisation's count of opportunities, largest first (the lists warmed after a start). */
  async organisationSizes(): Promise<{ organisationId: string; count: number }[]> {
    const rows = await this.opportunities.group(
      {},
      { by: { organisationId: 'organisationId' }, totals: { count: { $count: true } } },
    );
    return rows
      .flatMap(({ organisationId, count }) =>
        typeof organisationId === 'string' && typeof count === 'number' ? [{ organisationId, count }] : [],
      )
      .sort((a, b) => b.count - a.count);
  }

  /** One opportunity of the organisation, whoever may see it (for finishing an interrupted write). */
  findById(organisationId: string, opportunityId: string): Promise<OpportunityDoc | null> {
    return this.opportunities.findOne({ _id: opportunityId, organisationId });
  }

  /** Changes of state or owner not finished, a chunk at a time. */
  unfinishedChanges(): Promise<OpportunityDoc[]> {
    return this.opportunities.find({ syncToken: { $exists: true } }, { limit: WRITE_CHUNK });
  }

  /** Clears the mark of a finished change, unless a later change has put its own. */
  async finished(ids: readonly string[], syncToken: string): Promise<void> {
    await this.opportunities.updateMany(
      { _id: { $in: [...ids] }, syncToken },
      { $unset: { syncToken: true } },
    );
  }

  /**
   * The opportunities a scope may see: its own, or with seesAll every one of the organisation,
   * except those of another member's private file.
   */
  visible(scope: Scope): Filter<OpportunityDoc> {
    if (!scope.seesAll) return { organisationId: scope.organisationId, userId: scope.userId };
    return {
      organisationId: scope.organisationId,
      $or: [{ isPrivate: { $ne: true } }, { fileOwnerId: scope.userId }, { userId: scope.userId }],
    };
  }

  async insert(doc: OpportunityDoc): Promise<OpportunityDoc> {
    await this.opportunities.insertOne(doc);
    return doc;
  }

  findVisible(scope: Scope, opportunityId: string): Promise<OpportunityDoc | null> {
    return this.opportunities.findOne({ _id: opportunityId, ...this.visible(scope) });
  }

  /** Sort keys of an organisation's opportunities after `afterId` (in _id order), a chunk of them. */
  keysAfter(organisationId: string, afterId: string | null): Promise<OpportunityKey[]> {
    return this.opportunities.find(
      afterId === null ? { organisationId } : { organisationId, _id: { $gt: afterId } },
      { sort: { _id: 1 }, limit: KEY_CHUNK, projection: KEY_EXCLUSION },
    ) as Promise<OpportunityKey[]>;
  }

  /** Sort keys of some opportunities (those gone are simply absent). */
  keysOf(organisationId: string, ids: readonly string[]): Promise<OpportunityKey[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.opportunities.find(
      { organisationId, _id: { $in: [...ids] } },
      { projection: KEY_EXCLUSION },
    ) as Promise<OpportunityKey[]>;
  }

  /**
   * What list cards and the export read of some ids, in no particular order. Looked up by `_id` alone
   * and kept when they belong to the organisation, whole: the views pick their fields, and SQLite
   * reads a stored document faster than it removes fields from it or checks a second condition.
   */
  async byIds(organisationId: string, ids: readonly string[]): Promise<OpportunityDoc[]> {
    if (ids.length === 0) return [];
    const found = await this.opportunities.find({ _id: { $in: [...ids] } });
    return found.filter((doc) => doc.organisationId === organisationId);
  }

  /** The organisation's list version; null before anyone has kept its lists in memory. */
  async listVersion(organisationId: string): Promise<number | null> {
    const doc = await this.versions.findOne({ _id: organisationId });
    return doc ? doc.version : null;
  }

  /** Creates the version document (at 0) unless another instance just did. */
  async createListVersion(organisationId: string): Promise<void> {
    try {
      await this.versions.insertOne({ _id: organisationId, version: 0 });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** Compare-and-set: moves the version from `from` to `from + 1`, false when it is no longer `from`. */
  async advanceListVersion(organisationId: string, from: number): Promise<boolean> {
    const { matchedCount } = await this.versions.updateOne(
      { _id: organisationId, version: from },
      { $set: { version: from + 1 } },
    );
    return matchedCount === 1;
  }

  /**
   * To call after writing opportunities (`ids`; null: any of them may have changed). The change
   * record for version v + 1 is written first, then the version moves from v by compare-and-set, so
   * an instance that reads version v + 1 finds what changed. A record left by a lost race or a
   * crash only makes readers re-read a few opportunities too many.
   */
  async recordChange(organisationId: string, ids: readonly string[] | null): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const from = await this.listVersion(organisationId);
      // No version yet: nobody keeps this organisation's lists, and whoever starts reads the store.
      if (from === null) return;
      const { insertedId } = await this.changes.insertOne({
        organisationId,
        version: from + 1,
        ids: ids === null ? null : [...ids],
      });
      if (await this.advanceListVersion(organisationId, from)) {
        if ((from + 1) % PRUNE_EVERY === 0)
          await this.changes.deleteMany({ organisationId, version: { $lte: from + 1 - CHANGES_KEPT } });
        return;
      }
      await this.changes.deleteOne({ _id: insertedId });
    }
    throw new Error(`opportunityListVersions: ${organisationId} is changing too fast to record a change`);
  }

  /** For writes to `opportunities` made outside this module: every instance reads its lists again. */
  bumpListVersion(organisationId: string): Promise<void> {
    return this.recordChange(organisationId, null);
  }

  /**
   * The opportunities written between two versions (from excluded), or null when that is not known
   * exactly: too far behind, records pruned, or a change of unknown extent.
   */
  async changesBetween(organisationId: string, from: number, to: number): Promise<Set<string> | null> {
    if (to <= from || to - from > CHANGES_KEPT) return null;
    const records = await this.changes.find({ organisationId, version: { $gt: from, $lte: to } });
    const versions = new Set<number>();
    const ids = new Set<string>();
    for (const record of records) {
      if (record.ids === null) return null;
      versions.add(record.version);
      for (const id of record.ids) ids.add(id);
    }
    return versions.size === to - from ? ids : null;
  }

  /**
   * Applies an update to one opportunity the caller could see when it was read. With `change`, the
   * update is a member's change: the version moves by one, and when `change.expected` is given the
   * update applies only while the document is still at that version (false otherwise).
   */
  async update(
    doc: Pick<OpportunityDoc, '_id' | 'organisationId'>,
    update: Update<OpportunityDoc>,
    change?: VersionedChange,
  ): Promise<boolean> {
    const filter: Filter<OpportunityDoc> = { _id: doc._id, organisationId: doc.organisationId };
    if (change?.expected !== undefined) filter.$and = [atVersion<OpportunityDoc>(change.expected)];
    const versioned: Update<OpportunityDoc> = change
      ? {
          ...update,
          $set: { ...update.$set, modifiedAt: change.at, modifiedBy: change.by },
          $inc: { ...update.$inc, version: 1 },
        }
      : update;
    const { matchedCount } = await this.opportunities.updateOne(filter, versioned);
    return matchedCount === 1;
  }

  /** Compare-and-set on the comment count, so two comments at once both reach the preview. */
  async setRecentMessages(
    doc: Pick<OpportunityDoc, '_id' | 'organisationId' | 'messageCount'>,
    recent: MessageDoc[],
    entry: HistoryEntry,
  ): Promise<boolean> {
    const count = doc.messageCount ?? 0;
    const { matchedCount } = await this.opportunities.updateOne(
      {
        _id: doc._id,
        organisationId: doc.organisationId,
        ...(count === 0
          ? { $or: [{ messageCount: 0 }, { messageCount: { $exists: false } }] }
          : { messageCount: count }),
      },
      {
        $set: { recentMessages: recent, messageCount: count + 1 },
        $min: { firstCommentAt: entry.at },
        $push: { history: entry },
      },
    );
    return matchedCount === 1;
  }

  /** Renewal follow-ups due by `now` (one organisation, or all), a chunk at a time. */
  dueRenewals(now: number, organisationId?: string): Promise<OpportunityDoc[]> {
    const filter: Filter<OpportunityDoc> = { renewalAt: { $lte: now } };
    if (organisationId !== undefined) filter.organisationId = organisationId;
    return this.opportunities.find(filter, {
      limit: WRITE_CHUNK,
      projection: {
        _id: 1,
        organisationId: 1,
        prospectId: 1,
        state: 1,
        renewalAt: 1,
        renewalEndDate: 1,
        waitingDate: 1,
        stateChangedAt: 1,
        userId: 1,
      },
    });
  }

  /** Brings one opportunity back as TODO, unless its renewal was rescheduled meanwhile. */
  async applyRenewal(doc: OpportunityDoc, entry: HistoryEntry, syncToken: string): Promise<boolean> {
    const { matchedCount } = await this.opportunities.updateOne(
      { _id: doc._id, organisationId: doc.organisationId, renewalAt: doc.renewalAt },
      {
        $set: { state: 'TODO', stateChangedAt: doc.renewalAt, renewedAt: entry.at, syncToken },
        $unset: { renewalAt: true, waitingDate: true },
        $push: { history: entry },
      },
    );
    return matchedCount === 1;
  }
}
