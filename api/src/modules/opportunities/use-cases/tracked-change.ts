// The one write sequence of every change of state or owner: the opportunity is written with a mark
// (syncToken), then the list change record, then the prospect's copies of state and owner, then the
// mark is cleared. A process killed in between leaves the mark, and the next start finishes the
// change from the opportunity as stored (recovery.ts; docs/decisions/durability.md). The history line
// it pushes is also handed to the audit port, with the same time, author, before and after: the
// opportunity's history and the organisation's audit log tell one change (docs/decisions/audit-log.md).
import { OPPORTUNITY_STATE_LABELS, type OpportunityState } from '@app/domain';
import type { HistoryEntry, OpportunityDoc } from '../repository';
import { newObjectId, type OpportunityDeps } from './context';

/** What the prospect keeps a copy of. */
export type ProspectCopy = {
  state?: OpportunityState;
  owner?: { userId: string; username: string };
};

export type TrackedChange = {
  doc: Pick<OpportunityDoc, '_id' | 'prospectId'> & Partial<Pick<OpportunityDoc, 'userId'>>;
  /** The history line the write pushes: recorded in the audit log once the change applied. */
  history?: HistoryEntry;
  /** Writes the opportunity with the mark; false when it no longer applies (nothing else is written). */
  write: (syncToken: string) => Promise<boolean>;
  copy: ProspectCopy;
};

/**
 * Writes changes of one organisation's opportunities; returns how many applied. `syncToken`: the
 * mark already on the documents when finishing an interrupted change.
 */
export async function writeTrackedChanges(
  deps: Pick<OpportunityDeps, 'repository' | 'gateway'> & Partial<Pick<OpportunityDeps, 'record' | 'users'>>,
  organisationId: string,
  changes: readonly TrackedChange[],
  syncToken: string = newObjectId(),
): Promise<number> {
  const applied: TrackedChange[] = [];
  for (const change of changes) if (await change.write(syncToken)) applied.push(change);
  if (applied.length === 0) return 0;
  const ids = applied.map((change) => change.doc._id);
  await deps.repository.recordChange(organisationId, ids);
  for (const { doc, copy } of applied) {
    if (copy.state !== undefined) await deps.gateway.setState(organisationId, doc.prospectId, copy.state);
    if (copy.owner !== undefined)
      await deps.gateway.setOwner(organisationId, doc.prospectId, copy.owner.userId, copy.owner.username);
  }
  await deps.repository.finished(ids, syncToken);
  await recordHistory(deps, organisationId, applied);
  return applied.length;
}

/** The applied changes' history lines as audit records: a state change, or a hand-over with both owners. */
async function recordHistory(
  deps: Pick<OpportunityDeps, 'gateway'> & Partial<Pick<OpportunityDeps, 'record' | 'users'>>,
  organisationId: string,
  applied: readonly TrackedChange[],
): Promise<void> {
  const { record } = deps;
  const lines = applied.filter((change) => change.history !== undefined);
  if (!record || lines.length === 0) return;
  const prospects = new Map(
    (
      await deps.gateway.byIds(
        organisationId,
        lines.map((change) => change.doc.prospectId),
      )
    ).map((doc) => [doc._id, doc.prospect]),
  );
  const ownerIds = lines.flatMap((change) => [change.doc.userId ?? '', change.copy.owner?.userId ?? '']);
  const owners = new Map(
    (deps.users ? await deps.users([...new Set(ownerIds.filter(Boolean))]) : []).map((user) => [
      user._id,
      user.username,
    ]),
  );
  for (const { doc, history, copy } of lines) {
    if (!history) continue;
    const subject = { type: 'opportunity' as const, id: doc._id, label: prospects.get(doc.prospectId) ?? '' };
    const common = { organisationId, at: history.at, actorUserId: history.by, subject };
    const details = history.reason ? { Motif: history.reason } : undefined;
    if (history.kind === 'assign')
      await record({
        ...common,
        kind: 'handedOver',
        before: { Responsable: owners.get(doc.userId ?? '') ?? '' },
        after: { Responsable: copy.owner ? (owners.get(copy.owner.userId) ?? copy.owner.username) : '' },
        details,
      });
    else
      await record({
        ...common,
        kind: 'stateChanged',
        before: history.from === null ? null : OPPORTUNITY_STATE_LABELS[history.from],
        after: OPPORTUNITY_STATE_LABELS[history.to],
        details,
      });
  }
}
