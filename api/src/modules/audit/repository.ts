// The append-only `auditLog` collection: records are inserted, read a page at a time newest first,
// and removed only by the retention sweep (no call changes or removes one). docs/decisions/audit-log.md.
import type { AuditKind, AuditSubject, AuditValue } from '@app/domain';
import type { Collection, Filter, Store } from '../../db/types';

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

  /** Removes every record older than `cutoff` (all organisations); how many went. */
  async removeOlderThan(cutoff: number): Promise<number> {
    return (await this.records.deleteMany({ at: { $lt: cutoff } })).deletedCount;
  }

  async lastSweep(): Promise<number | null> {
    return (await this.sweeps.findOne({ _id: 'retention' }))?.lastRunAt ?? null;
  }

  async sweptAt(at: number): Promise<void> {
    const { matchedCount } = await this.sweeps.updateOne({ _id: 'retention' }, { $set: { lastRunAt: at } });
    if (matchedCount === 0) await this.sweeps.insertOne({ _id: 'retention', lastRunAt: at });
  }
}
