// What the reports component may ask of the opportunities (issue 22): figures per group, computed by
// the store over the opportunities the caller sees (the lists' rule, scopeOf), never their documents.
// docs/decisions/reports.md.
import type { Filter, GroupRow, GroupSpec, Store } from '../../db/types';
import type { Actor } from '../messages/module';
import { OpportunitiesRepository, type OpportunityDoc } from './repository';
import { scopeOf } from './use-cases/context';

/** Which opportunities a figure counts, on top of what the caller may see. */
export type OpportunityNarrowing = {
  userId?: string;
  excelId?: string;
  /** Taken (created) in [from, to). */
  takenIn?: { from: number; to: number };
  /** Whose current state was entered in [from, to). */
  changedIn?: { from: number; to: number };
  states?: readonly OpportunityDoc['state'][];
  /** With at least one comment. */
  commented?: true;
};

export type OpportunityReportFigures = {
  group(actor: Actor, narrowing: OpportunityNarrowing, spec: GroupSpec): Promise<GroupRow[]>;
  /** Whether the actor sees every member's opportunities (else only their own). */
  seesAll(actor: Actor): boolean;
  /** The opportunities of the organisation hidden from an actor who sees all (others' private files). */
  hiddenFrom(actor: Actor): Promise<string[]>;
};

/**
 * The reports' index: the organisation first, then every field the figures group or measure by, so
 * SQLite answers from the index alone (docs/decisions/reports.md).
 */
export async function ensureReportIndexes(store: Store): Promise<void> {
  const opportunities = store.collection<OpportunityDoc>('opportunities');
  await opportunities.createIndex({
    organisationId: 1,
    excelId: 1,
    state: 1,
    userId: 1,
    creationDate: 1,
    stateChangedAt: 1,
    waitingDate: 1,
    firstCommentAt: 1,
    // The visibility rule's fields: a public opportunity is told apart without reading its document.
    isPrivate: 1,
    fileOwnerId: 1,
  });
}

export function createOpportunityReportFigures(store: Store): OpportunityReportFigures {
  const repository = new OpportunitiesRepository(store);
  return {
    group(actor, narrowing, spec) {
      const filter: Filter<OpportunityDoc> = { ...repository.visible(scopeOf(actor)) };
      if (narrowing.userId !== undefined) filter.$and = [{ userId: narrowing.userId }];
      if (narrowing.excelId !== undefined) filter.excelId = narrowing.excelId;
      if (narrowing.states) filter.state = { $in: narrowing.states };
      // Dates as ranges of the grouping, which the reports' index answers alone (docs/decisions/reports.md).
      const within = [
        ...(spec.within ?? []),
        ...(narrowing.takenIn ? [{ field: 'creationDate', ...narrowing.takenIn }] : []),
        ...(narrowing.changedIn ? [{ field: 'stateChangedAt', ...narrowing.changedIn }] : []),
        ...(narrowing.commented ? [{ field: 'firstCommentAt', from: 0, to: Number.MAX_SAFE_INTEGER }] : []),
      ];
      return repository.opportunities.group(filter, { ...spec, within });
    },
    seesAll: (actor) => scopeOf(actor).seesAll,
    async hiddenFrom(actor) {
      if (!scopeOf(actor).seesAll) return [];
      const hidden = await repository.opportunities.find(
        {
          organisationId: actor.organisationId,
          isPrivate: true,
          fileOwnerId: { $ne: actor.userId },
          userId: { $ne: actor.userId },
        },
        { projection: { _id: 1 } },
      );
      return hidden.map((doc) => doc._id);
    },
  };
}

/**
 * Opportunities commented before `firstCommentAt` existed get it from their history (its comment
 * lines), a chunk at a time; returns how many were completed. Runs at start, finds nothing once done.
 */
export async function backfillFirstComments(store: Store): Promise<number> {
  const opportunities = store.collection<OpportunityDoc>('opportunities');
  let completed = 0;
  for (;;) {
    const chunk = await opportunities.find(
      { messageCount: { $gt: 0 }, firstCommentAt: { $exists: false } },
      { limit: 500, projection: { history: 1, creationDate: 1 } },
    );
    if (chunk.length === 0) return completed;
    await opportunities.updateEach(
      chunk.map((doc) => {
        const times = (doc.history ?? [])
          .filter((entry) => entry.kind === 'comment')
          .map((entry) => entry.at);
        // No comment line (written before issue 9): the creation stands for it, so it is not asked again.
        const at = times.length > 0 ? Math.min(...times) : (doc.creationDate ?? 0);
        return { filter: { _id: doc._id }, update: { $min: { firstCommentAt: at } } };
      }),
    );
    completed += chunk.length;
  }
}
