// The opportunity use cases: lists and counts, the detail, state changes with their history,
// contractual and prospect edits, manual opportunities, the unassigned pool and hand-overs, and
// renewal follow-ups. Who may see and change what: docs/decisions/opportunities.md.
import { randomBytes } from 'node:crypto';
import {
  computeTiming,
  CONTRACTUAL_KEYS,
  EMPTY_VALUE,
  hasPermission,
  type ListFilter,
  type NewOpportunityData,
  OPPORTUNITY_PAGE_SIZE,
  OPPORTUNITY_REQUEST_MESSAGES,
  type OpportunityCounts,
  type OpportunityState,
  type OpportunityView,
  PERMISSION,
  type ProspectFields,
  type ProspectInfoData,
  renewalDueAt,
  renewalReason,
  toStoredKey,
  type UserRef,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { Actor, MessageDoc, MessageLog, OpportunityThreads } from '../messages/module';
import type { PoolRow, ProspectCatalogue, ProspectDoc } from '../prospects/module';
import type { CardPages } from './cached-cards';
import type { ExportSources } from './export';
import type { ListIndex, OrganisationList, ScopeLists } from './list-index';
import type { PageReplies, PageReply } from './page-replies';
import { toHistoryView, toOpportunityView, type ViewContext } from './opportunity-views';
import {
  type HistoryEntry,
  type OpportunitiesRepository,
  type OpportunityDoc,
  type OpportunityKey,
  type Scope,
  WRITE_CHUNK,
} from './repository';

export const OPPORTUNITY_MESSAGES = {
  alreadyAccepted: 'Ce prospect est déjà une opportunité',
  notFound: 'Opportunité introuvable',
  memberNotFound: 'Collaborateur introuvable',
  poolEmpty: 'Aucun prospect à attribuer',
  privateFile: 'Une opportunité issue d’un fichier privé ne peut pas être attribuée à un autre collaborateur',
  busy: 'Opportunité modifiée en même temps par quelqu’un d’autre, veuillez réessayer',
} as const;

/** An ObjectId-shaped identifier, chosen before the insert so the prospect can be claimed with it. */
const newObjectId = () => randomBytes(12).toString('hex');

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Managers ("Assigner un collaborateur") and administrators ("Modifier les permissions") see everyone's. */
export function scopeOf(actor: Actor): Scope {
  return {
    organisationId: actor.organisationId,
    userId: actor.userId,
    seesAll:
      hasPermission(actor.mask, PERMISSION.ASSIGN_COLLABORATOR) ||
      hasPermission(actor.mask, PERMISSION.EDIT_PERMISSIONS),
  };
}

export type OpportunitiesServiceDeps = {
  repository: OpportunitiesRepository;
  /** The organisations' sorted lists in memory; told of every write that changes a sort key. */
  index: ListIndex;
  /** List pages as JSON from the cards kept in memory. */
  cards: CardPages;
  /** Whole list pages kept as sent. */
  replies: PageReplies;
  gateway: ProspectCatalogue['records'];
  prospects: ProspectCatalogue;
  messages: MessageLog;
  users: (ids: string[]) => Promise<UserRef[]>;
  isMember: (organisationId: string, userId: string) => Promise<boolean>;
  now: () => number;
  timeZone: string;
  renewalLeadDays: number;
};

export class OpportunitiesService {
  constructor(private readonly deps: OpportunitiesServiceDeps) {}

  // ---- reading ----

  /**
   * What the caller sees of the organisation's lists, as stored now. Renewals that fell due are
   * applied first: the earliest one scheduled is known from the keys, so this costs nothing until then.
   */
  private async organisationList(actor: Actor): Promise<OrganisationList> {
    const list = await this.deps.index.organisation(actor.organisationId);
    if (list.nextRenewalAt > this.deps.now()) return list;
    await this.applyDueRenewals(actor.organisationId);
    return this.deps.index.organisation(actor.organisationId);
  }

  private async lists(actor: Actor): Promise<ScopeLists> {
    return (await this.organisationList(actor)).scope(scopeOf(actor), this.deps.now());
  }

  /** The visible opportunities under a filter, sorted as the list shows them. */
  async sortedKeys(actor: Actor, filter: ListFilter): Promise<readonly OpportunityKey[]> {
    return (await this.lists(actor)).list(filter);
  }

  async counts(actor: Actor): Promise<OpportunityCounts> {
    return (await this.lists(actor)).counts;
  }

  /**
   * Positions [startId, endId), at most 500 (WAITING: everything from startId, at once), as the
   * JSON text of an OpportunityPage: served from the cards kept in memory (cached-cards.ts), and
   * kept whole when its cards show day counts (page-replies.ts).
   */
  async page(
    actor: Actor,
    input: { filter: { state: ListFilter }; startId: number; endId: number },
  ): Promise<PageReply> {
    // Read before any prospect is: prospect views read after it are at least this recent.
    const prospectStamp = await this.deps.prospects.changeStamp(actor.organisationId);
    const list = await this.organisationList(actor);
    const now = this.deps.now();
    const lists = list.scope(scopeOf(actor), now);
    const filter = input.filter.state;
    const keys = lists.list(filter);
    const end =
      filter === 'waiting'
        ? keys.length
        : Math.min(input.endId, input.startId + OPPORTUNITY_PAGE_SIZE, keys.length);
    const start = Math.min(input.startId, end);
    const replyKey = `${lists.generation}:${filter}:${start}:${end}:${prospectStamp}`;
    const kept = this.deps.replies.get(replyKey);
    if (kept) return kept;
    const generation = lists.generation;
    const slice = keys.slice(start, end);
    const json = await this.deps.cards.pageJson(
      actor.organisationId,
      list,
      slice.map((key) => key._id),
      prospectStamp,
      now,
      end >= keys.length,
    );
    // A WAITING card still counting down shows the milliseconds left: its page is built at each call.
    const countsDays = slice.every(
      (key) => !(key.state === 'WAITING' && (key.waitingDate ?? -Infinity) > now),
    );
    return countsDays && lists.generation === generation
      ? this.deps.replies.keep(replyKey, json)
      : { json: Buffer.from(json) };
  }

  /** What the export reads its lines from, with the names of these owners. */
  async exportSources(ownerIds: readonly string[]): Promise<ExportSources> {
    const users = new Map((await this.deps.users([...ownerIds])).map((user) => [user._id, user]));
    return {
      repository: this.deps.repository,
      gateway: this.deps.gateway,
      userOf: (id) => users.get(id) ?? { _id: id, username: '' },
      now: this.deps.now(),
      timeZone: this.deps.timeZone,
    };
  }

  async viewContext(
    organisationId: string,
    docs: readonly Pick<OpportunityDoc, 'prospectId' | 'userId'>[],
    extraUsers: readonly string[] = [],
  ): Promise<ViewContext> {
    const userIds = [...new Set([...docs.map((doc) => doc.userId), ...extraUsers])];
    const [prospects, users] = await Promise.all([
      this.deps.gateway.byIds(
        organisationId,
        docs.map((doc) => doc.prospectId),
      ),
      this.deps.users(userIds),
    ]);
    const usersById = new Map(users.map((user) => [user._id, user]));
    return {
      now: this.deps.now(),
      timeZone: this.deps.timeZone,
      prospects: new Map(prospects.map((prospect) => [prospect._id, prospect])),
      userOf: (id) => usersById.get(id) ?? { _id: id, username: '' },
    };
  }

  private async visible(actor: Actor, opportunityId: string): Promise<OpportunityDoc> {
    const doc = await this.deps.repository.findVisible(scopeOf(actor), opportunityId);
    if (!doc) throw AppError.notFound(OPPORTUNITY_MESSAGES.notFound);
    return doc;
  }

  /** The detail: every comment, oldest first, and the history for "Voir l'historique" holders. */
  async get(actor: Actor, opportunityId: string): Promise<{ opportunity: OpportunityView }> {
    await this.applyDueRenewals(actor.organisationId);
    const doc = await this.visible(actor, opportunityId);
    const withHistory = hasPermission(actor.mask, PERMISSION.VIEW_HISTORY);
    const historyUsers = withHistory
      ? doc.history.flatMap((entry) => (entry.by === null ? [] : [entry.by]))
      : [];
    const [context, messages] = await Promise.all([
      this.viewContext(actor.organisationId, [doc], historyUsers),
      this.deps.messages.listFor(actor.organisationId, doc._id),
    ]);
    const view = toOpportunityView(doc, context);
    view.message = messages;
    if (withHistory) view.history = doc.history.map((entry) => toHistoryView(entry, context.userOf));
    return { opportunity: view };
  }

  // ---- changing ----

  async setState(
    actor: Actor,
    opportunityId: string,
    to: OpportunityState,
    waitingDate?: number,
  ): Promise<{ opportunity: OpportunityView }> {
    const doc = await this.visible(actor, opportunityId);
    const now = this.deps.now();
    if (to === 'WAITING' && (waitingDate === undefined || waitingDate <= now))
      throw AppError.badRequest(OPPORTUNITY_REQUEST_MESSAGES.waitingDateInPast);
    const from = computeTiming(doc, now, this.deps.timeZone).state;
    const entry: HistoryEntry = { at: now, by: actor.userId, from, to, kind: 'state' };
    const syncToken = newObjectId();
    await this.deps.repository.update(doc, {
      $set: { state: to, stateChangedAt: now, syncToken, ...(to === 'WAITING' ? { waitingDate } : {}) },
      ...(to === 'WAITING' ? {} : { $unset: { waitingDate: true } }),
      $push: { history: entry },
    });
    await this.deps.index.changed(doc.organisationId, doc._id);
    await this.deps.gateway.setState(doc.organisationId, doc.prospectId, to);
    await this.deps.repository.finished([doc._id], syncToken);
    return this.get(actor, opportunityId);
  }

  async updateContractual(
    actor: Actor,
    opportunityId: string,
    data: Record<string, string>,
  ): Promise<{ opportunity: OpportunityView }> {
    const doc = await this.visible(actor, opportunityId);
    const endDate = data[CONTRACTUAL_KEYS.endDate] ?? '';
    const set: Partial<OpportunityDoc> = { informationContractuelle: JSON.stringify(data) };
    let unset: { renewalAt?: true; renewalEndDate?: true } | undefined;
    if (endDate === '') {
      if (doc.renewalEndDate !== undefined || doc.renewalAt !== undefined)
        unset = { renewalAt: true, renewalEndDate: true };
    } else if (endDate !== doc.renewalEndDate) {
      // A new end date schedules its follow-up; saving the same one again does not bring it back twice.
      const dueAt = renewalDueAt(endDate, this.deps.renewalLeadDays, this.deps.timeZone);
      if (dueAt !== null) Object.assign(set, { renewalAt: dueAt, renewalEndDate: endDate });
    }
    await this.deps.repository.update(doc, { $set: set, ...(unset ? { $unset: unset } : {}) });
    // The card shows the contractual text; the renewal date is a key.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.get(actor, opportunityId);
  }

  async updateProspect(
    actor: Actor,
    opportunityId: string,
    data: ProspectInfoData,
  ): Promise<{ opportunity: OpportunityView }> {
    const doc = await this.visible(actor, opportunityId);
    const { contacts, custom, ...fields } = data;
    const value: Record<string, unknown> = {};
    for (const pair of custom) value[toStoredKey(pair.title)] = pair.value;
    value.contact = contacts;
    await this.deps.gateway.edit(doc.organisationId, doc.prospectId, {
      ...fields,
      value: JSON.stringify(value),
    });
    // Its card shows the prospect: the card is read again at the next page call.
    await this.deps.index.changed(doc.organisationId, doc._id);
    return this.get(actor, opportunityId);
  }

  /** Hands an opportunity to a member ("Assigner un collaborateur"). */
  async assign(
    actor: Actor,
    opportunityId: string,
    userId: string,
  ): Promise<{ opportunity: OpportunityView }> {
    const doc = await this.visible(actor, opportunityId);
    if (!(await this.deps.isMember(actor.organisationId, userId)))
      throw AppError.notFound(OPPORTUNITY_MESSAGES.memberNotFound);
    if (doc.isPrivate && userId !== doc.fileOwnerId)
      throw AppError.conflict(OPPORTUNITY_MESSAGES.privateFile);
    const [target] = await this.deps.users([userId]);
    const now = this.deps.now();
    const state = computeTiming(doc, now, this.deps.timeZone).state;
    const entry: HistoryEntry = {
      at: now,
      by: actor.userId,
      from: state,
      to: state,
      kind: 'assign',
      reason: `Attribuée à ${target?.username ?? ''}`.trim(),
    };
    const syncToken = newObjectId();
    await this.deps.repository.update(doc, { $set: { userId, syncToken }, $push: { history: entry } });
    await this.deps.index.changed(doc.organisationId, doc._id);
    await this.deps.gateway.setOwner(doc.organisationId, doc.prospectId, userId, target?.username ?? '');
    await this.deps.repository.finished([doc._id], syncToken);
    return this.get(actor, opportunityId);
  }

  /** A member leaves the organisation: every opportunity they hold goes to `toUserId` (a member). */
  async handOver(organisationId: string, fromUserId: string, toUserId: string): Promise<number> {
    const docs = await this.deps.repository.opportunities.find({ organisationId, userId: fromUserId });
    if (docs.length === 0) return 0;
    const [target] = await this.deps.users([toUserId]);
    const now = this.deps.now();
    const syncToken = newObjectId();
    for (const doc of docs) {
      const state = computeTiming(doc, now, this.deps.timeZone).state;
      const entry: HistoryEntry = {
        at: now,
        by: toUserId,
        from: state,
        to: state,
        kind: 'assign',
        reason: `Reprise par ${target?.username ?? ''} au départ du collaborateur`,
      };
      await this.deps.repository.update(doc, {
        $set: { userId: toUserId, syncToken },
        $push: { history: entry },
      });
      await this.deps.gateway.setOwner(organisationId, doc.prospectId, toUserId, target?.username ?? '');
    }
    const ids = docs.map((doc) => doc._id);
    await this.deps.repository.recordChange(organisationId, ids);
    await this.deps.repository.finished(ids, syncToken);
    return docs.length;
  }

  // ---- creating ----

  async createFromProspect(
    actor: Pick<Actor, 'organisationId' | 'userId'>,
    prospectId: string,
  ): Promise<{ opportunityId: string; state: 'TODO' }> {
    const prospect = await this.deps.prospects.visibleProspect(actor, prospectId);
    if (prospect.isAccepted) throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    return this.claim(actor, prospect);
  }

  /** Claims the prospect first (compare-and-set), so two calls cannot both make an opportunity of it. */
  private async claim(
    actor: Pick<Actor, 'organisationId' | 'userId'>,
    prospect: ProspectDoc,
  ): Promise<{ opportunityId: string; state: 'TODO' }> {
    const opportunityId = newObjectId();
    if (!(await this.deps.prospects.accept(prospect, { opportunityId, userId: actor.userId })))
      throw AppError.conflict(OPPORTUNITY_MESSAGES.alreadyAccepted);
    const now = this.deps.now();
    try {
      await this.deps.repository.insert({
        _id: opportunityId,
        organisationId: actor.organisationId,
        prospectId: prospect._id,
        excelId: prospect.excelId,
        userId: actor.userId,
        state: 'TODO',
        creationDate: now,
        stateChangedAt: now,
        isPrivate: prospect.isPrivate,
        fileOwnerId: prospect.userId,
        history: [{ at: now, by: actor.userId, from: null, to: 'TODO' }],
      });
    } catch (error) {
      // Give the prospect back, or it would show as taken with no opportunity behind it.
      await this.deps.prospects.release(prospect, opportunityId);
      throw error;
    }
    await this.deps.index.changed(actor.organisationId, opportunityId);
    return { opportunityId, state: 'TODO' };
  }

  /** A manual opportunity: its prospect, outside any file, and the opportunity, owned by the caller. */
  async addOne(actor: Actor, data: NewOpportunityData): Promise<{ opportunityId: string }> {
    const [me] = await this.deps.users([actor.userId]);
    const orEmpty = (value: string) => (value.trim() === '' ? EMPTY_VALUE : value.trim());
    const fields: ProspectFields = {
      prospect: orEmpty(data.title),
      enseigne: orEmpty(data.enseigne),
      codePostale: orEmpty(data.codePostale),
      ville: orEmpty(data.ville),
      adresseComplete: orEmpty(data.adresse),
      site: EMPTY_VALUE,
      telephone: orEmpty(data.telephone),
      eMail: orEmpty(data.email),
      siret: orEmpty(data.siret).replace(/\s/g, ''),
      libelleactivite: orEmpty(data.libelle),
      trancheSalarier: orEmpty(data.tranche),
      typeEtablissement: orEmpty(data.state),
    };
    const value: Record<string, unknown> = {};
    if (data.metier) value['Métier'] = data.metier;
    value.contact = data.contacts;
    const opportunityId = newObjectId();
    const state = data.state2;
    const prospect = await this.deps.gateway.insertManual({
      organisationId: actor.organisationId,
      userId: actor.userId,
      username: me?.username ?? '',
      fields,
      value: JSON.stringify(value),
      state,
      opportunityId,
    });
    const now = this.deps.now();
    try {
      await this.deps.repository.insert({
        _id: opportunityId,
        organisationId: actor.organisationId,
        prospectId: prospect._id,
        excelId: '',
        userId: actor.userId,
        state,
        creationDate: now,
        // The status date: when it was won, or from when it is to be done.
        stateChangedAt: data.dateStatus,
        isPrivate: false,
        fileOwnerId: actor.userId,
        history: [{ at: now, by: actor.userId, from: null, to: state, kind: 'create' }],
      });
    } catch (error) {
      await this.deps.gateway.deleteManual(actor.organisationId, prospect._id);
      throw error;
    }
    await this.deps.index.changed(actor.organisationId, opportunityId);
    return { opportunityId };
  }

  unassigned(
    actor: Actor,
    input: { offset: number; limit: number },
  ): Promise<{ value: PoolRow[]; total: number }> {
    return this.deps.gateway.pool(actor.organisationId, actor.userId, input.offset, input.limit);
  }

  /** The first prospect of the pool becomes the caller's TODO; losing a race for it moves on to the next. */
  async takeNext(actor: Actor): Promise<{ opportunityId: string }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { value } = await this.deps.gateway.pool(actor.organisationId, actor.userId, 0, 1);
      const first = value[0];
      if (!first) throw AppError.notFound(OPPORTUNITY_MESSAGES.poolEmpty);
      const prospect = await this.deps.prospects.visibleProspect(actor, first._id);
      if (prospect.isAccepted) continue;
      try {
        return { opportunityId: (await this.claim(actor, prospect)).opportunityId };
      } catch (error) {
        // Someone took this one between the read and the claim: try the next.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
    throw AppError.conflict(OPPORTUNITY_MESSAGES.busy);
  }

  // ---- comments (for the messages component) ----

  readonly threads: OpportunityThreads = {
    assertCommentable: async (actor, opportunityId) => {
      await this.visible(actor, opportunityId);
    },
    recordComment: (actor, opportunityId, message: MessageDoc) =>
      this.addComment(() => this.visible(actor, opportunityId), actor.userId, message),
    completeComment: (message: MessageDoc) =>
      this.addComment(
        () => this.deps.repository.findById(message.organisationId, message.opportunityId),
        message.userId,
        message,
      ),
  };

  /** The comment's line in the history and the card preview, once (a comment already logged is left). */
  private async addComment(
    read: () => Promise<OpportunityDoc | null>,
    by: string,
    message: MessageDoc,
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const doc = await read();
      if (!doc || doc.history.some((entry) => entry.messageId === message._id)) return;
      const state = computeTiming(doc, message.date, this.deps.timeZone).state;
      const entry: HistoryEntry = {
        at: message.date,
        by,
        from: state,
        to: state,
        kind: 'comment',
        reason: `Commentaire (${message.statusName})`,
        messageId: message._id,
      };
      const recent = [message, ...(doc.recentMessages ?? [])].slice(0, 3);
      if (await this.deps.repository.setRecentMessages(doc, recent, entry)) {
        // The card shows the last comments.
        await this.deps.index.changed(doc.organisationId, doc._id);
        return;
      }
    }
    throw AppError.conflict(OPPORTUNITY_MESSAGES.busy);
  }

  /**
   * Finishes the changes of state or owner a killed process left half-written (their mark is still
   * on the opportunity): the list change record and the prospect's copies, from the opportunity as
   * stored. Harmless when the change is in fact still running elsewhere: it writes the same values.
   */
  async finishInterruptedChanges(): Promise<number> {
    const { repository, gateway } = this.deps;
    let finished = 0;
    for (;;) {
      const docs = await repository.unfinishedChanges();
      const owners = new Map(
        (await this.deps.users([...new Set(docs.map((doc) => doc.userId))])).map((user) => [
          user._id,
          user.username,
        ]),
      );
      for (const doc of docs) {
        await repository.recordChange(doc.organisationId, [doc._id]);
        await gateway.setState(doc.organisationId, doc.prospectId, doc.state);
        await gateway.setOwner(doc.organisationId, doc.prospectId, doc.userId, owners.get(doc.userId) ?? '');
        await repository.finished([doc._id], doc.syncToken ?? '');
        finished += 1;
      }
      if (docs.length < WRITE_CHUNK) return finished;
      await yieldToEventLoop();
    }
  }

  // ---- renewal follow-ups ----

  /** Brings back as TODO every opportunity whose renewal is due (one organisation, or all). */
  async applyDueRenewals(organisationId?: string): Promise<number> {
    const { repository, gateway, index, renewalLeadDays, timeZone } = this.deps;
    let applied = 0;
    for (;;) {
      const now = this.deps.now();
      const due = await repository.dueRenewals(now, organisationId);
      for (const doc of due) {
        const entry: HistoryEntry = {
          at: now,
          by: null,
          from: computeTiming(doc, now, timeZone).state,
          to: 'TODO',
          kind: 'renewal',
          reason: renewalReason(doc.renewalEndDate ?? '', renewalLeadDays),
        };
        const syncToken = newObjectId();
        if (await repository.applyRenewal(doc, entry, syncToken)) {
          await index.changed(doc.organisationId, doc._id);
          await gateway.setState(doc.organisationId, doc.prospectId, 'TODO');
          await repository.finished([doc._id], syncToken);
          applied += 1;
        }
      }
      if (due.length < WRITE_CHUNK) return applied;
      await yieldToEventLoop();
    }
  }
}
