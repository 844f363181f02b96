// The one write sequence of every change of state or owner: the opportunity is written with a mark
// (syncToken), then the list change record, then the prospect's copies of state and owner, then the
// mark is cleared. A process killed in between leaves the mark, and the next start finishes the
// change from the opportunity as stored (recovery.ts; docs/decisions/durability.md). The history line
// the write pushes becomes an audit record before the mark is cleared: the opportunity's history is
// the organisation's audit log (history-log.ts; docs/decisions/audit-log.md).
import type { OpportunityState } from '@app/domain';
import type { OpportunityDoc } from '../repository';
import { newObjectId, type OpportunityDeps } from './context';
import { moveHistory } from './history-log';

/** What the prospect keeps a copy of. */
export type ProspectCopy = {
  state?: OpportunityState;
  owner?: { userId: string; username: string };
};

export type TrackedChange = {
  doc: Pick<OpportunityDoc, '_id' | 'prospectId'>;
  /** Writes the opportunity with the mark; false when it no longer applies (nothing else is written). */
  write: (syncToken: string) => Promise<boolean>;
  copy: ProspectCopy;
};

/**
 * Writes changes of one organisation's opportunities; returns how many applied. `syncToken`: the
 * mark already on the documents when finishing an interrupted change.
 */
export async function writeTrackedChanges(
  deps: Pick<OpportunityDeps, 'repository' | 'gateway' | 'users' | 'history'>,
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
  // Before the mark goes: a process killed here leaves the mark, and recovery moves the lines.
  await moveHistory(deps, organisationId, ids);
  await deps.repository.finished(ids, syncToken);
  return applied.length;
}
