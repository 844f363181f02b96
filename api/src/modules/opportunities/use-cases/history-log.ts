// An opportunity's history lives in the organisation's audit log, one record per line
// (docs/decisions/audit-log.md, "The opportunity history is the log's"). A change still pushes its line
// into the opportunity's `history` in the change's own write (so a killed process loses no line): that
// array is only an outbox, emptied by `moveHistory` once the lines are records. The detail reads the
// records plus whatever the outbox still holds; a start pass moves what stores written before held.
import { OPPORTUNITY_STATE_LABELS, type AuditKind, type AuditValue, yieldToEventLoop } from '@app/domain';
import { DuplicateKeyError } from '../../../db/errors';
import { newId } from '../../../db/ids';
import type { Leases } from '../../../db/leases';
import { LeaseBusyError } from '../../../db/leases';
import type { Collection, Filter, Store, Update } from '../../../db/types';
import type { HistoryLineRecord, HistoryRecord, OpportunityHistoryLog } from '../../audit/module';
import type { HistoryEntry, OpportunityDoc } from '../repository';
import type { OpportunityDeps } from './context';

/** A new line's id, which its record keeps: time-ordered within a process (ties at one instant). */
export const newLineId = (): string => newId();

/**
 * A line's record id: its own; for a line written before ids, its comment's (so a comment finished
 * later is not logged twice) or the opportunity's and its place in the array.
 */
export function lineId(opportunityId: string, entry: HistoryEntry, index: number): string {
  return entry.id ?? entry.messageId ?? `${opportunityId}-${String(index).padStart(6, '0')}`;
}

type OutboxDoc = Pick<OpportunityDoc, '_id' | 'organisationId' | 'prospectId' | 'history'>;

export type HistoryDeps = Pick<OpportunityDeps, 'repository' | 'gateway' | 'users' | 'history'>;

/**
 * Writes the lines the opportunities' outboxes hold as records, then takes exactly those lines out
 * (a line pushed meanwhile stays for the next move). Returns how many lines were moved.
 */
export async function moveHistory(
  deps: HistoryDeps,
  organisationId: string,
  opportunityIds: readonly string[],
): Promise<number> {
  let moved = 0;
  for (let start = 0; start < opportunityIds.length; start += MOVE_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const docs = (await deps.repository.opportunities.find(
      { organisationId, _id: { $in: opportunityIds.slice(start, start + MOVE_CHUNK) } },
      { projection: { _id: 1, organisationId: 1, prospectId: 1, history: 1 } },
    )) as OutboxDoc[];
    moved += await moveOutboxes(deps, organisationId, docs);
  }
  return moved;
}

/**
 * After a creation or a comment, already answered for: a failed move is logged and the lines stay in
 * the outbox (the detail shows them; the opportunity's next change moves them), the change stands.
 */
export async function moveHistoryAfter(
  deps: HistoryDeps & Pick<OpportunityDeps, 'logger'>,
  organisationId: string,
  opportunityId: string,
): Promise<void> {
  try {
    await moveHistory(deps, organisationId, [opportunityId]);
  } catch (error) {
    deps.logger.error({ err: error, opportunityId }, 'Historique : ligne laissée dans l’opportunité');
  }
}

/** Opportunities moved per write (a hand-over of a leaving member's thousands). */
const MOVE_CHUNK = 500;

async function moveOutboxes(deps: HistoryDeps, organisationId: string, docs: readonly OutboxDoc[]) {
  const full = docs.filter((doc) => (doc.history ?? []).length > 0);
  if (full.length === 0) return 0;
  const labels = new Map(
    (
      await deps.gateway.byIds(
        organisationId,
        full.map((doc) => doc.prospectId),
      )
    ).map((prospect) => [prospect._id, prospect.prospect]),
  );
  const ownerIds = full.flatMap((doc) =>
    doc.history.flatMap((entry) => (entry.owners ? [entry.owners.from, entry.owners.to] : [])),
  );
  const names = new Map(
    (ownerIds.length > 0 ? await deps.users([...new Set(ownerIds)]) : []).map((user) => [
      user._id,
      user.username,
    ]),
  );
  const records = full.flatMap((doc) =>
    doc.history.map((entry, index) =>
      historyRecord(organisationId, doc, labels.get(doc.prospectId) ?? '', entry, index, names),
    ),
  );
  await deps.history.write(records);
  const updates = full.map((doc) => {
    const update: Update<OpportunityDoc> = { $pull: { history: { $in: doc.history } } };
    // What the readers of the opportunity use from its lines, kept on it (written before ids: once).
    const comments = doc.history.filter((entry) => entry.kind === 'comment').map((entry) => entry.at);
    if (comments.length > 0) update.$min = { firstCommentAt: Math.min(...comments) };
    const renewals = doc.history.filter((entry) => entry.kind === 'renewal').map((entry) => entry.at);
    if (renewals.length > 0) update.$max = { renewedAt: Math.max(...renewals) };
    return { filter: { _id: doc._id, organisationId } as Filter<OpportunityDoc>, update };
  });
  await deps.repository.opportunities.updateEach(updates);
  return records.length;
}

const KIND_OF_LINE: Record<NonNullable<HistoryEntry['kind']>, AuditKind> = {
  create: 'opportunityCreated',
  state: 'stateChanged',
  renewal: 'stateChanged',
  assign: 'handedOver',
  comment: 'commented',
};

/** A line as the audit screen shows it (labels) and as the detail reads it back (the line itself). */
function historyRecord(
  organisationId: string,
  doc: OutboxDoc,
  label: string,
  entry: HistoryEntry,
  index: number,
  names: ReadonlyMap<string, string>,
): HistoryRecord {
  // A first line written before kinds existed is the creation.
  const kind = entry.kind ?? (entry.from === null ? 'create' : 'state');
  const auditKind = KIND_OF_LINE[kind];
  const record: HistoryRecord = {
    id: lineId(doc._id, entry, index),
    organisationId,
    at: entry.at,
    actorUserId: entry.by,
    kind: auditKind,
    subject: { type: 'opportunity', id: doc._id, label },
    opportunityId: doc._id,
    line: {
      from: entry.from,
      to: entry.to,
      ...(entry.kind ? { kind: entry.kind } : {}),
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...(entry.messageId ? { messageId: entry.messageId } : {}),
    },
  };
  if (entry.reason) record.details = { Motif: entry.reason };
  if (auditKind === 'handedOver') {
    if (entry.owners) {
      record.before = { Responsable: names.get(entry.owners.from) ?? '' };
      record.after = { Responsable: names.get(entry.owners.to) ?? '' };
    }
  } else if (auditKind === 'stateChanged' || auditKind === 'opportunityCreated') {
    record.before = entry.from === null ? null : stateLabel(entry.from);
    record.after = stateLabel(entry.to);
  }
  return record;
}

const stateLabel = (state: HistoryEntry['to']): AuditValue => OPPORTUNITY_STATE_LABELS[state];

/** The lines of one opportunity, oldest first: its records, and any its outbox still holds. */
export async function readHistory(
  history: OpportunityHistoryLog,
  doc: Pick<OpportunityDoc, '_id' | 'organisationId' | 'history'>,
): Promise<HistoryEntry[]> {
  const written = await history.read(doc.organisationId, doc._id);
  const seen = new Set(written.map((record) => record.id));
  const pending: HistoryLineRecord[] = (doc.history ?? []).flatMap((entry, index) => {
    const id = lineId(doc._id, entry, index);
    if (seen.has(id)) return [];
    const { at, by, ...line } = entry;
    return [{ id, at, by, line }];
  });
  const lines = pending.length === 0 ? written : [...written, ...pending].sort(byTimeThenId);
  return lines.map(({ at, by, line }) => ({
    at,
    by,
    from: line.from,
    to: line.to,
    ...(line.kind ? { kind: line.kind } : {}),
    ...(line.reason ? { reason: line.reason } : {}),
    ...(line.messageId ? { messageId: line.messageId } : {}),
  }));
}

function byTimeThenId(a: HistoryLineRecord, b: HistoryLineRecord): number {
  if (a.at !== b.at) return a.at - b.at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Opportunities per read of the start pass. */
const BACKFILL_PAGE = 500;

type MarkerDoc = { _id: string; doneAt: number };

/**
 * Once per store: the lines opportunities held before their history moved to the audit log become
 * records, a page at a time with a turn of the event loop between pages. Under a lease (another
 * process already at it: nothing to do here) and marked done; the records' ids are the lines' (or
 * their places), so a pass stopped half-way and run again writes no line twice. Returns the lines
 * moved, or null when the pass was done or is being done elsewhere.
 */
export async function backfillHistory(
  deps: HistoryDeps & { store: Store; leases: Leases; now: () => number },
): Promise<number | null> {
  const markers: Collection<MarkerDoc> = deps.store.collection<MarkerDoc>('opportunityMigrations');
  if (await markers.findOne({ _id: 'historyInAuditLog' })) return null;
  try {
    return await deps.leases.run('historyInAuditLog', async () => {
      if (await markers.findOne({ _id: 'historyInAuditLog' })) return null;
      let moved = 0;
      let after = '';
      for (;;) {
        const page = (await deps.repository.opportunities.find(
          { _id: { $gt: after } },
          {
            sort: { _id: 1 },
            limit: BACKFILL_PAGE,
            projection: { _id: 1, organisationId: 1, prospectId: 1, history: 1 },
          },
        )) as OutboxDoc[];
        const byOrganisation = new Map<string, OutboxDoc[]>();
        for (const doc of page)
          if ((doc.history ?? []).length > 0)
            byOrganisation.set(doc.organisationId, [...(byOrganisation.get(doc.organisationId) ?? []), doc]);
        for (const [organisationId, docs] of byOrganisation)
          moved += await moveOutboxes(deps, organisationId, docs);
        const last = page[page.length - 1];
        if (page.length < BACKFILL_PAGE || !last) break;
        after = last._id;
        await yieldToEventLoop();
      }
      try {
        await markers.insertOne({ _id: 'historyInAuditLog', doneAt: deps.now() });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error; // marked by another process: same lines
      }
      return moved;
    });
  } catch (error) {
    if (error instanceof LeaseBusyError) return null;
    throw error;
  }
}
