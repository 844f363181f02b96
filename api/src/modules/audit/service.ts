// The audit log's use cases: `record` (the producers' one port: never throws at them), a page of the
// organisation's records newest first, the CSV export, and the daily retention sweep run once across
// the processes sharing the store. docs/decisions/audit-log.md.
import {
  AUDIT_EXPORT_MAX,
  type AuditFilters,
  type AuditKind,
  type AuditPageReply,
  type AuditRecordView,
  type AuditSubject,
  type AuditValue,
  auditCsv,
  DEFAULT_TIME_ZONE,
  parseIsoDate,
  startOfCalendarDay,
  yieldToEventLoop,
  type AuditExportReply,
} from '@app/domain';
import type { Logger } from 'pino';
import { LeaseBusyError, type Leases } from '../../db/leases';
import type { AuditDoc, AuditQuery, AuditRepository, OpportunityLine } from './repository';

/** What a producer hands to `record`: the organisation's log it goes to, who, what, before and after. */
export type AuditEntry = {
  organisationId: string;
  /** null: the server itself. */
  actorUserId: string | null;
  kind: AuditKind;
  subject: AuditSubject;
  before?: AuditValue | undefined;
  after?: AuditValue | undefined;
  details?: Record<string, AuditValue> | undefined;
  /** The change's own time when the producer has one (the opportunity history's line); default now. */
  at?: number | undefined;
};

/** A line of an opportunity's history: a record with its own id (the line's), the opportunity and the line. */
export type HistoryRecord = AuditEntry & {
  id: string;
  at: number;
  opportunityId: string;
  line: OpportunityLine;
};

/** A line as the detail reads it back. */
export type HistoryLineRecord = { id: string; at: number; by: string | null; line: OpportunityLine };

/**
 * The opportunities' history port: `write` is not `record`: it rejects when the store does, because the
 * opportunity keeps its lines until they are written (docs/decisions/audit-log.md).
 */
export type OpportunityHistoryLog = {
  /** Writes the lines not written yet (by id); how many were new. */
  write(records: readonly HistoryRecord[]): Promise<number>;
  /** One opportunity's lines, oldest first; only the organisation's. */
  read(organisationId: string, opportunityId: string): Promise<HistoryLineRecord[]>;
  /** Whether the line with this id is written. */
  has(organisationId: string, id: string): Promise<boolean>;
};

/** The opportunities (live or in the bin) among `ids` of one organisation: their history stays. */
export type KeptOpportunities = (organisationId: string, ids: string[]) => Promise<Set<string>>;

/** The producers' port: resolves once written, or once the failure is logged; never rejects. */
export type RecordAudit = (entry: AuditEntry) => Promise<void>;

/** A member's record in each organisation they belong to (a sign-in belongs to all of them). */
export type RecordForUser = (userId: string, entry: Omit<AuditEntry, 'organisationId'>) => Promise<void>;

export type AuditServiceDeps = {
  repository: AuditRepository;
  leases: Leases;
  logger: Logger;
  now: () => number;
  retentionDays: number;
  usernames: (ids: string[]) => Promise<{ _id: string; username: string }[]>;
  organisationsOf: (userId: string) => Promise<string[]>;
  keptOpportunities: KeptOpportunities;
};

export type AuditReader = { organisationId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_PAGE = 1000;
/** History lines past retention looked at per read by the sweep. */
const SWEEP_PAGE = 1000;

export class AuditService {
  constructor(private readonly deps: AuditServiceDeps) {}

  readonly record: RecordAudit = async (entry) => {
    try {
      const doc: Omit<AuditDoc, '_id'> = {
        organisationId: entry.organisationId,
        at: entry.at ?? this.deps.now(),
        actorUserId: entry.actorUserId,
        kind: entry.kind,
        subject: entry.subject,
      };
      if (entry.before !== undefined) doc.before = entry.before;
      if (entry.after !== undefined) doc.after = entry.after;
      if (entry.details !== undefined) doc.details = entry.details;
      await this.deps.repository.insert(doc);
    } catch (error) {
      this.deps.logger.error({ err: error, kind: entry.kind }, 'Historique : enregistrement impossible');
    }
  };

  readonly recordForUser: RecordForUser = async (userId, entry) => {
    let organisationIds: string[];
    try {
      organisationIds = await this.deps.organisationsOf(userId);
    } catch (error) {
      this.deps.logger.error({ err: error, kind: entry.kind }, 'Historique : organisations introuvables');
      return;
    }
    for (const organisationId of organisationIds) await this.record({ ...entry, organisationId });
  };

  readonly history: OpportunityHistoryLog = {
    write: (records) =>
      this.deps.repository.insertOnce(
        records.map((entry) => {
          const doc: AuditDoc = {
            _id: entry.id,
            organisationId: entry.organisationId,
            at: entry.at,
            actorUserId: entry.actorUserId,
            kind: entry.kind,
            subject: entry.subject,
            opportunityId: entry.opportunityId,
            line: entry.line,
          };
          if (entry.before !== undefined) doc.before = entry.before;
          if (entry.after !== undefined) doc.after = entry.after;
          if (entry.details !== undefined) doc.details = entry.details;
          return doc;
        }),
      ),
    read: async (organisationId, opportunityId) =>
      (await this.deps.repository.linesOf(organisationId, opportunityId)).flatMap((doc) =>
        doc.line ? [{ id: doc._id, at: doc.at, by: doc.actorUserId, line: doc.line }] : [],
      ),
    has: (organisationId, id) => this.deps.repository.exists(organisationId, id),
  };

  async page(
    reader: AuditReader,
    input: AuditFilters & { after?: { at: number; id: string } | undefined; limit: number },
  ): Promise<AuditPageReply> {
    const docs = await this.deps.repository.page(
      { ...this.queryOf(reader, input), after: input.after },
      input.limit + 1,
    );
    const shown = docs.slice(0, input.limit);
    const last = shown[shown.length - 1];
    return {
      records: await this.views(shown),
      next: docs.length > input.limit && last ? { at: last.at, id: last._id } : null,
    };
  }

  /** The newest records matching the filters (at most AUDIT_EXPORT_MAX) as one CSV file. */
  async export(reader: AuditReader, filters: AuditFilters): Promise<AuditExportReply> {
    const query = this.queryOf(reader, filters);
    const records: AuditRecordView[] = [];
    let after: AuditQuery['after'];
    while (records.length < AUDIT_EXPORT_MAX) {
      const size = Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX - records.length);
      const docs = await this.deps.repository.page({ ...query, after }, size);
      records.push(...(await this.views(docs)));
      const last = docs[docs.length - 1];
      if (docs.length < size || !last) break;
      after = { at: last.at, id: last._id };
    }
    return { csvString: auditCsv(records), count: records.length };
  }

  /**
   * Removes the records past retention, at most once a day whichever process asks: the lease keeps
   * two processes from sweeping together, the stored date from sweeping twice in a day.
   */
  async sweep(): Promise<number | null> {
    try {
      return await this.deps.leases.run('retention', async () => {
        const now = this.deps.now();
        const last = await this.deps.repository.lastSweep();
        if (last !== null && now - last < DAY_MS) return null;
        const cutoff = now - this.deps.retentionDays * DAY_MS;
        const removed =
          (await this.deps.repository.removeOlderThan(cutoff)) + (await this.removeGoneLines(cutoff));
        await this.deps.repository.sweptAt(now);
        if (removed > 0) this.deps.logger.info({ removed }, 'Historique : anciens enregistrements supprimés');
        return removed;
      });
    } catch (error) {
      if (error instanceof LeaseBusyError) return null; // another process is sweeping
      throw error;
    }
  }

  /**
   * An opportunity's history lines past retention go only once the opportunity is gone (neither live
   * nor in the bin): while it lives they are its history. Read a page at a time, a turn between pages.
   */
  private async removeGoneLines(cutoff: number): Promise<number> {
    let removed = 0;
    let after = '';
    for (;;) {
      const page = await this.deps.repository.oldLines(cutoff, after, SWEEP_PAGE);
      const byOrganisation = new Map<string, Set<string>>();
      for (const doc of page) {
        if (doc.opportunityId === undefined) continue;
        const ids = byOrganisation.get(doc.organisationId) ?? new Set<string>();
        ids.add(doc.opportunityId);
        byOrganisation.set(doc.organisationId, ids);
      }
      for (const [organisationId, ids] of byOrganisation) {
        const kept = await this.deps.keptOpportunities(organisationId, [...ids]);
        const gone = [...ids].filter((id) => !kept.has(id));
        if (gone.length > 0)
          removed += await this.deps.repository.removeLinesOf(organisationId, gone, cutoff);
      }
      const last = page[page.length - 1];
      if (page.length < SWEEP_PAGE || !last) return removed;
      after = last._id;
      await yieldToEventLoop();
    }
  }

  private queryOf(reader: AuditReader, filters: AuditFilters): Omit<AuditQuery, 'after'> {
    const from = filters.from === undefined ? undefined : parseIsoDate(filters.from);
    const to = filters.to === undefined ? undefined : parseIsoDate(filters.to);
    return {
      organisationId: reader.organisationId,
      actorUserId: filters.userId,
      kind: filters.kind,
      from: from === undefined || from === null ? undefined : startOfCalendarDay(from, DEFAULT_TIME_ZONE),
      to: to === undefined || to === null ? undefined : startOfCalendarDay(to + 1, DEFAULT_TIME_ZONE),
    };
  }

  private async views(docs: readonly AuditDoc[]): Promise<AuditRecordView[]> {
    const ids = [...new Set(docs.flatMap((doc) => (doc.actorUserId === null ? [] : [doc.actorUserId])))];
    const names = new Map((await this.deps.usernames(ids)).map((user) => [user._id, user.username]));
    return docs.map((doc) => {
      const view: AuditRecordView = {
        _id: doc._id,
        at: doc.at,
        actor:
          doc.actorUserId === null
            ? null
            : { _id: doc.actorUserId, username: names.get(doc.actorUserId) ?? 'Compte supprimé' },
        kind: doc.kind,
        subject: doc.subject,
      };
      if (doc.before !== undefined) view.before = doc.before;
      if (doc.after !== undefined) view.after = doc.after;
      if (doc.details !== undefined) view.details = doc.details;
      return view;
    });
  }
}
