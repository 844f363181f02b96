// What the reports component may ask of the opportunities (issue 22): figures per group, computed by
// the store over the opportunities the caller sees (the lists' rule, scopeOf), never their documents.
// docs/decisions/reports.md.
import { yieldToEventLoop } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
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
  /**
   * Who holds at least one opportunity the actor sees, in id order: one seek of the holders' index per
   * holder (a loose scan), not a group over every opportunity (docs/decisions/reports.md).
   */
  holders(actor: Actor): Promise<string[]>;
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
  // The same fields led by the state: the figures of some states (WIN and LOOSE closed in a period,
  // the WAITING follow-ups of the coming weeks) seek them instead of reading the whole organisation.
  await opportunities.createIndex({
    organisationId: 1,
    state: 1,
    stateChangedAt: 1,
    waitingDate: 1,
    userId: 1,
    excelId: 1,
    creationDate: 1,
    isPrivate: 1,
    fileOwnerId: 1,
  });
  // Led by the taking date: the files report's one pass reads only the period's opportunities (a third
  // of the organisation over 30 days of 90) instead of the organisation's whole first index.
  await opportunities.createIndex({
    organisationId: 1,
    creationDate: 1,
    excelId: 1,
    state: 1,
    waitingDate: 1,
    stateChangedAt: 1,
    firstCommentAt: 1,
    isPrivate: 1,
    fileOwnerId: 1,
    userId: 1,
  });
  // Held by holder and state, overdue or not: each (holder, state) is a stretch of this index whose
  // follow-up dates are counted by range instead of sorting the organisation (sqlite-query.ts,
  // seekGroupPlan); the visibility rule's fields make it answer alone.
  await opportunities.createIndex({
    organisationId: 1,
    userId: 1,
    state: 1,
    waitingDate: 1,
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
    async holders(actor) {
      const visible = repository.visible(scopeOf(actor));
      const holders: string[] = [];
      // The next holder after the last one found: the first visible entry of the holders' index past
      // it ({ organisationId, userId, … } with the visibility rule's fields), read alone.
      for (let after = ''; ;) {
        const [next] = await repository.opportunities.find(
          { ...visible, $and: [{ userId: { $gt: after } }] },
          { sort: { userId: 1 }, limit: 1, projection: { userId: 1 } },
        );
        if (!next || typeof next.userId !== 'string') return holders;
        holders.push(next.userId);
        after = next.userId;
      }
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

/** What dating the taken prospects asks of the prospect records (ProspectCatalogue['records']). */
type AcceptanceDates = {
  acceptancesAllDated(): Promise<boolean>;
  undatedAcceptances(
    after: string,
    limit: number,
  ): Promise<{ _id: string; organisationId: string; opportunityId?: string }[]>;
  dateAcceptances(dates: { prospectId: string; organisationId: string; at: number }[]): Promise<void>;
  acceptancesDated(now: number): Promise<void>;
};

/**
 * Prospects taken before they recorded when (`acceptedAt`, the geography report's period) get their
 * opportunity's creation date, a page at a time, once per store (a marker ends it); a prospect whose
 * opportunity is gone gets 0, outside any period. Returns how many were dated.
 */
export async function backfillAcceptanceDates(
  store: Store,
  records: AcceptanceDates,
  now: () => number,
): Promise<number> {
  if (await records.acceptancesAllDated()) return 0;
  const opportunities = store.collection<OpportunityDoc>('opportunities');
  let dated = 0;
  let after = '';
  for (;;) {
    const page = await records.undatedAcceptances(after, 500);
    if (page.length === 0) break;
    const found = await opportunities.find(
      { _id: { $in: page.flatMap((prospect) => prospect.opportunityId ?? []) } },
      { projection: { creationDate: 1 } },
    );
    const created = new Map(found.map((doc) => [doc._id, doc.creationDate]));
    await records.dateAcceptances(
      page.map((prospect) => ({
        prospectId: prospect._id,
        organisationId: prospect.organisationId,
        at: created.get(prospect.opportunityId ?? '') ?? 0,
      })),
    );
    dated += page.length;
    after = (page.at(-1) as { _id: string })._id;
    await yieldToEventLoop();
  }
  await records.acceptancesDated(now());
  return dated;
}

/** The marker (in `opportunityMigrations`) written once every commented opportunity has its date. */
export const FIRST_COMMENTS_MIGRATION_ID = 'firstCommentAt';

/**
 * Opportunities commented before `firstCommentAt` existed get it from their history (its comment
 * lines), a chunk at a time, once per store: a marker ends it, so a later start reads one document
 * instead of every opportunity (the filter has no index: 100,000 opportunities read at each start,
 * every-core.md "Start-up"). Every comment since sets the date itself. Returns how many were completed.
 */
export async function backfillFirstComments(store: Store, now: () => number): Promise<number> {
  const markers = store.collection<{ _id: string; doneAt: number }>('opportunityMigrations');
  if (await markers.findOne({ _id: FIRST_COMMENTS_MIGRATION_ID })) return 0;
  const opportunities = store.collection<OpportunityDoc>('opportunities');
  let completed = 0;
  for (;;) {
    const chunk = await opportunities.find(
      { messageCount: { $gt: 0 }, firstCommentAt: { $exists: false } },
      { limit: 500, projection: { history: 1, creationDate: 1 } },
    );
    if (chunk.length === 0) break;
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
    await yieldToEventLoop();
  }
  try {
    await markers.insertOne({ _id: FIRST_COMMENTS_MIGRATION_ID, doneAt: now() });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error; // marked by another process meanwhile
  }
  return completed;
}
