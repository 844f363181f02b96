// The append-only `auditLog` collection: records are inserted, read a page at a time newest first,
// and removed only by the retention sweep (no call changes or removes one). docs/decisions/audit-log.md.
import type { AuditKind, AuditSubject, AuditValue, OpportunityState } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store } from '../../db/types';

/**
 * A line of an opportunity's history as its record keeps it, beside the screen's labels: the states
 * as codes, so the detail shows the line exactly as written (docs/decisions/audit-log.md).
 */
export type OpportunityLine = {
  from: OpportunityState | null;
  to: OpportunityState;
  kind?: 'create' | 'state' | 'comment' | 'assign' | 'renewal';
  reason?: string;
  messageId?: string;
};

export type AuditDoc = {
  _id: string;
  organisationId: string;
  at: number;
  /** null: the server itself (a webhook, a renewal). */
  actorUserId: string | null;
  kind: AuditKind;
  subject: AuditSubject;
  before?: AuditValue;
  after?: AuditValue;
  details?: Record<string, AuditValue>;
  /** A line of an opportunity's history: the opportunity (indexed with the organisation) and the line. */
  opportunityId?: string;
  line?: OpportunityLine;
};

export type AuditQuery = {
  organisationId: string;
  actorUserId?: string | undefined;
  kind?: AuditKind | undefined;
  /** [from, to) in epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
  /** Records strictly older than this one (newest-first order: at desc, then _id desc). */
  after?: { at: number; id: string } | undefined;
};

/** When the retention sweep last ran, shared by the processes on one store. */
type SweepDoc = { _id: string; lastRunAt: number };

export class AuditRepository {
  readonly records: Collection<AuditDoc>;
  private readonly sweeps: Collection<SweepDoc>;

  constructor(store: Store) {
    this.records = store.collection<AuditDoc>('auditLog');
    this.sweeps = store.collection<SweepDoc>('auditSweeps');
  }

  async ensureIndexes(): Promise<void> {
    // The screen's three orders: everything, one person's, one kind's; newest first.
    await this.records.createIndex({ organisationId: 1, at: -1, _id: -1 });
    await this.records.createIndex({ organisationId: 1, actorUserId: 1, at: -1, _id: -1 });
    await this.records.createIndex({ organisationId: 1, kind: 1, at: -1, _id: -1 });
    // The retention sweep, across organisations.
    await this.records.createIndex({ at: 1 });
    // An opportunity's history, oldest first (the detail). Not partial: the planner then needs no
    // statistics to prefer it (a partial one lost to a table scan on a log grown since the last ANALYZE).
    await this.records.createIndex({ organisationId: 1, opportunityId: 1, at: 1, _id: 1 });
  }

  /**
   * Inserts records with their own ids; one already there (the same line written again: a retried
   * move, two processes backfilling) is left as it is. How many were new.
   */
  async insertOnce(docs: readonly AuditDoc[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      return (await this.records.insertMany([...docs])).insertedCount;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    // Some were there: one at a time (MongoDB may have inserted the first ones of the batch).
    let inserted = 0;
    for (const doc of docs) {
      try {
        await this.records.insertOne(doc);
        inserted += 1;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    return inserted;
  }

  /** One opportunity's history lines, oldest first (ties in the order they were written). */
  linesOf(organisationId: string, opportunityId: string): Promise<AuditDoc[]> {
    return this.records.find({ organisationId, opportunityId }, { sort: { at: 1, _id: 1 } });
  }

  async exists(organisationId: string, id: string): Promise<boolean> {
    return (await this.records.findOne({ _id: id, organisationId }, { projection: { _id: 1 } })) !== null;
  }

  /** Records past `cutoff` that are history lines, by `_id` after `after` (the sweep's pages). */
  oldLines(cutoff: number, after: string, limit: number): Promise<AuditDoc[]> {
    return this.records.find(
      { at: { $lt: cutoff }, opportunityId: { $exists: true }, _id: { $gt: after } },
      { sort: { _id: 1 }, limit, projection: { organisationId: 1, opportunityId: 1 } },
    );
  }

  async removeLinesOf(organisationId: string, opportunityIds: string[], cutoff: number): Promise<number> {
    const { deletedCount } = await this.records.deleteMany({
      organisationId,
      opportunityId: { $in: opportunityIds },
      at: { $lt: cutoff },
    });
    return deletedCount;
  }

  async insert(doc: Omit<AuditDoc, '_id'>): Promise<void> {
    await this.records.insertOne(doc);
  }

  /** One page newest first: the keyset (at, _id) keeps any page as fast as the first. */
  page(query: AuditQuery, limit: number): Promise<AuditDoc[]> {
    const filter: Filter<AuditDoc> = { organisationId: query.organisationId };
    if (query.actorUserId !== undefined) filter.actorUserId = query.actorUserId;
    if (query.kind !== undefined) filter.kind = query.kind;
    const at: { $gte?: number; $lt?: number; $lte?: number } = {};
    if (query.from !== undefined) at.$gte = query.from;
    if (query.to !== undefined) at.$lt = query.to;
    if (query.after !== undefined) {
      const { at: afterAt, id } = query.after;
      if (at.$lt === undefined || afterAt < at.$lt) {
        delete at.$lt;
        at.$lte = afterAt;
      }
      filter.$or = [{ at: { $lt: afterAt } }, { _id: { $lt: id } }];
    }
    if (Object.keys(at).length > 0) filter.at = at;
    return this.records.find(filter, { sort: { at: -1, _id: -1 }, limit });
  }

  /** Removes every record older than `cutoff` but opportunities' history lines (all organisations). */
  async removeOlderThan(cutoff: number): Promise<number> {
    return (await this.records.deleteMany({ at: { $lt: cutoff }, opportunityId: { $exists: false } }))
      .deletedCount;
  }

  async lastSweep(): Promise<number | null> {
    return (await this.sweeps.findOne({ _id: 'retention' }))?.lastRunAt ?? null;
  }

  async sweptAt(at: number): Promise<void> {
    const { matchedCount } = await this.sweeps.updateOne({ _id: 'retention' }, { $set: { lastRunAt: at } });
    if (matchedCount === 0) await this.sweeps.insertOne({ _id: 'retention', lastRunAt: at });
  }
}
