// Changes of state and owner, each with its history line, all written by writeTrackedChanges:
// a state change (setTodo/setWaiting/setWin/setLoose), a hand-over by a manager ("Assigner un
// collaborateur") and the hand-over of a leaving member's opportunities.
import {
  computeTiming,
  EDIT_VERSION_MESSAGES,
  versionOf,
  OPPORTUNITY_REQUEST_MESSAGES,
  type OpportunityState,
  type OpportunityReply,
} from '@app/domain';
import { AppError } from '../../../http/app-error';
import type { Actor } from '../../messages/module';
import type { HistoryEntry, OpportunityDoc } from '../repository';
import { OPPORTUNITY_MESSAGES, type OpportunityDeps, visibleOpportunity } from './context';
import type { OpportunityDetail } from './detail';
import { newLineId } from './history-log';
import { type TrackedChange, writeTrackedChanges } from './tracked-change';

type OpportunityUpdate = Parameters<OpportunityDeps['repository']['update']>[1];

export class StateChanges {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'gateway' | 'users' | 'isMember' | 'now' | 'timeZone' | 'notify' | 'history'
    >,
    private readonly detail: OpportunityDetail,
  ) {}

  async setState(
    actor: Actor,
    opportunityId: string,
    to: OpportunityState,
    waitingDate?: number,
    version?: number,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    const now = this.deps.now();
    if (to === 'WAITING' && (waitingDate === undefined || waitingDate <= now))
      throw AppError.badRequest(OPPORTUNITY_REQUEST_MESSAGES.waitingDateInPast);
    await this.checkVersion(actor, doc, version);
    const from = computeTiming(doc, now, this.deps.timeZone).state;
    const entry: HistoryEntry = { id: newLineId(), at: now, by: actor.userId, from, to, kind: 'state' };
    await this.writeOne(
      actor,
      doc,
      (syncToken) => ({
        $set: {
          state: to,
          stateChangedAt: now,
          syncToken,
          ...(to === 'WAITING' ? { waitingDate } : {}),
        },
        ...(to === 'WAITING' ? {} : { $unset: { waitingDate: true } }),
        $push: { history: entry },
      }),
      { state: to },
      { at: now, version },
    );
    return this.detail.get(actor, opportunityId);
  }

  /** Hands an opportunity to a member ("Assigner un collaborateur"). */
  async assign(
    actor: Actor,
    opportunityId: string,
    userId: string,
    version?: number,
  ): Promise<OpportunityReply> {
    const doc = await visibleOpportunity(this.deps, actor, opportunityId);
    await this.checkVersion(actor, doc, version);
    if (!(await this.deps.isMember(actor.organisationId, userId)))
      throw AppError.notFound(OPPORTUNITY_MESSAGES.memberNotFound);
    if (doc.isPrivate && userId !== doc.fileOwnerId)
      throw AppError.conflict(OPPORTUNITY_MESSAGES.privateFile);
    const [target] = await this.deps.users([userId]);
    const username = target?.username ?? '';
    const now = this.deps.now();
    const state = computeTiming(doc, now, this.deps.timeZone).state;
    const entry: HistoryEntry = {
      id: newLineId(),
      at: now,
      by: actor.userId,
      from: state,
      to: state,
      kind: 'assign',
      reason: `Attribuée à ${username}`.trim(),
      owners: { from: doc.userId, to: userId },
    };
    await this.writeOne(
      actor,
      doc,
      (syncToken) => ({ $set: { userId, syncToken }, $push: { history: entry } }),
      { owner: { userId, username } },
      { at: now, version },
    );
    if (userId !== actor.userId)
      await this.deps.notify({
        organisationId: doc.organisationId,
        userId,
        kind: 'handedOver',
        reason: 'assigned',
        opportunities: [doc],
        byUserId: actor.userId,
      });
    return this.detail.get(actor, opportunityId);
  }

  /** A member leaves the organisation: every opportunity they hold goes to `toUserId` (a member). */
  async handOver(organisationId: string, fromUserId: string, toUserId: string): Promise<number> {
    const { repository } = this.deps;
    const docs = await repository.opportunities.find({ organisationId, userId: fromUserId });
    if (docs.length === 0) return 0;
    const [target] = await this.deps.users([toUserId]);
    const username = target?.username ?? '';
    const now = this.deps.now();
    const moved = await writeTrackedChanges(
      this.deps,
      organisationId,
      docs.map((doc) => {
        const state = computeTiming(doc, now, this.deps.timeZone).state;
        const entry: HistoryEntry = {
          id: newLineId(),
          at: now,
          by: toUserId,
          from: state,
          to: state,
          kind: 'assign',
          reason: `Reprise par ${username} au départ du collaborateur`,
          owners: { from: doc.userId, to: toUserId },
        };
        return {
          doc,
          write: (syncToken: string) =>
            repository.update(
              doc,
              { $set: { userId: toUserId, syncToken }, $push: { history: entry } },
              { by: toUserId, at: now },
            ),
          copy: { owner: { userId: toUserId, username } },
        };
      }),
    );
    if (moved > 0 && toUserId !== fromUserId)
      await this.deps.notify({
        organisationId,
        userId: toUserId,
        kind: 'handedOver',
        reason: 'memberLeft',
        opportunities: docs,
        byUserId: fromUserId,
      });
    return moved;
  }

  /**
   * One opportunity's change in one commit (opportunity, list record, prospect's copy, history line,
   * mark cleared: five before, each taking the store's write lock; docs/decisions/load.md). A version
   * the opportunity no longer has writes nothing and answers the 409 with the current document.
   */
  private async writeOne(
    actor: Actor,
    doc: OpportunityDoc,
    update: (syncToken: string) => OpportunityUpdate,
    copy: TrackedChange['copy'],
    { at, version }: { at: number; version: number | undefined },
  ): Promise<void> {
    const { repository } = this.deps;
    const applied = await repository.inTransaction(() =>
      writeTrackedChanges(this.deps, doc.organisationId, [
        {
          doc,
          write: (syncToken) =>
            repository.update(doc, update(syncToken), { by: actor.userId, at, expected: version }),
          copy,
        },
      ]),
    );
    if (applied === 0 && version !== undefined) throw await this.stale(actor, doc._id);
  }

  /** A version sent that the opportunity no longer has: nothing is written (edit-conflicts.md). */
  private async checkVersion(actor: Actor, doc: OpportunityDoc, version: number | undefined): Promise<void> {
    if (version !== undefined && versionOf(doc) !== version) throw await this.stale(actor, doc._id);
  }

  private async stale(actor: Actor, opportunityId: string): Promise<AppError> {
    const current = await this.detail.get(actor, opportunityId);
    return AppError.staleVersion(EDIT_VERSION_MESSAGES.staleOpportunity, current);
  }
}
