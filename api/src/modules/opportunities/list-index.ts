// The opportunity lists of each organisation, kept in memory so that a page call only slices them.
// - The sort keys of every opportunity, read once (a chunk at a time), then caught up with the
//   opportunities written since (the store's change records).
// - Per caller scope: the lists of each filter, sorted once and reused until their order can change
//   (a day ends, or the next WAITING date comes close), with their counts.
// - The time-independent part of each list card (cached-cards.ts fills and reads them).
// - An organisation-level version in the store, moved after every write: each call reads it (one
//   lookup by _id), so a change made by another API instance is seen at the next call.
// docs/decisions/opportunities.md, "Lists and paging".
import {
  calendarDay,
  computeTiming,
  type ListFilter,
  listFilterOfState,
  type ListItemFacts,
  listTimeOf,
  type OpportunityCounts,
  startOfCalendarDay,
  yieldToEventLoop,
} from '@app/domain';
import type { CardParts } from './opportunity-views';
import {
  isVisible,
  KEY_CHUNK,
  type OpportunitiesRepository,
  type OpportunityKey,
  type Scope,
} from './repository';

/** Organisations whose lists are kept; the least recently used one goes first. */
const MAX_ORGANISATIONS = 32;
/** Caller scopes kept per organisation (a manager's and each salesperson's own). */
const MAX_SCOPES = 64;
/** Cards kept per organisation (the oldest cached goes first) and over all organisations. */
export const MAX_CARDS_PER_ORGANISATION = 50_000;
export const MAX_CARDS = 120_000;

/**
 * A card's time-independent JSON, valid at the list's version (dropped when its opportunity is
 * written); its prospect's JSON, valid for the prospects change stamp read before it was read.
 */
export type CachedCard = CardParts & { prospect: string | null; prospectStamp: number };

/**
 * `time`: the key's timeFilter in its state's list, its listTimeOf (days on one scale) in "all";
 * `listTime`: its listTimeOf everywhere (the browser's sort, list-facets.ts).
 */
type Timed = { key: OpportunityKey; time: number; listTime: number };

/**
 * SPEC §4: WAITING soonest first; the others by time descending, then newest first, then id ("all":
 * the most overdue and longest closed first, then the follow-ups to come, soonest first).
 */
function compareTimed(ascending: boolean) {
  return (a: Timed, b: Timed): number =>
    (ascending ? a.time - b.time : b.time - a.time) ||
    b.key.creationDate - a.key.creationDate ||
    (a.key._id < b.key._id ? 1 : a.key._id > b.key._id ? -1 : 0);
}

const DESCENDING = compareTimed(false);
const ASCENDING = compareTimed(true);
const orderOf = (filter: ListFilter) => (filter === 'waiting' ? ASCENDING : DESCENDING);

/** The first index of a sorted list whose item does not come before `item`. */
function lowerBound(list: readonly Timed[], item: Timed, compare: (a: Timed, b: Timed) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle] as Timed, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Past this many written opportunities, a patch filters each list and sorts it again at its next use,
 * instead of finding each old item and each new one's place by binary search.
 */
const PATCH_IN_PLACE_LIMIT = 256;

/** What bounds how long an order holds (see build). */
type OrderLimits = { nextMidnight: number; nextWaitingDate: number };

const validUntilOf = ({ nextMidnight, nextWaitingDate }: OrderLimits) =>
  Math.min(nextMidnight, nextWaitingDate);

/** The two items of a key timed at `at`: in "all", and in its state's list (`filter`). */
function timedOf(key: OpportunityKey, at: number, timeZone: string) {
  const timing = computeTiming(key, at, timeZone);
  const listTime = listTimeOf(timing);
  return {
    all: { key, time: listTime, listTime },
    filter: listFilterOfState(timing.state),
    own: { key, time: timing.timeFilter, listTime },
    waiting: timing.state === 'WAITING',
  };
}

/** Puts one key in the lists it shows in, timed at `at`, and tightens the limits with it. */
function place(
  timed: Record<ListFilter, Timed[]>,
  limits: OrderLimits,
  key: OpportunityKey,
  at: number,
  timeZone: string,
): void {
  const items = timedOf(key, at, timeZone);
  timed.all.push(items.all);
  timed[items.filter].push(items.own);
  tighten(limits, key, items.waiting);
}

function tighten(limits: OrderLimits, key: OpportunityKey, waiting: boolean): void {
  if (waiting && key.waitingDate !== undefined && key.waitingDate < limits.nextWaitingDate)
    limits.nextWaitingDate = key.waitingDate;
}

/** Gives each state of a scope's lists its own number (the key of its kept pages, page-replies.ts). */
let generations = 0;

/** What one caller sees, sorted per filter on first use; valid until `validUntil`. */
export class ScopeLists {
  private readonly sorted = new Map<ListFilter, readonly OpportunityKey[]>();
  private readonly sortedTimes = new Map<ListFilter, Float64Array>();
  /** The lists of `timed` that are in list order (sorted once, then patched in place). */
  private readonly inOrder = new Set<ListFilter>();
  /** Unique in the process, changed by every patch: pages built from these lists are kept under it. */
  generation = ++generations;

  constructor(
    private readonly timed: Record<ListFilter, Timed[]>,
    private readonly limits: OrderLimits,
    private readonly scope: Scope,
    /** When the timings were computed. */
    private readonly at: number,
  ) {}

  get validUntil(): number {
    return validUntilOf(this.limits);
  }

  /**
   * Brings the lists up to date with some written opportunities (`changed`; `keys`: those that still
   * exist; `before`: their keys as these lists last placed them, when they existed), instead of timing
   * every key again. A few changes are made in place: each old item found by binary search (its time
   * is computed again from its old key, at the same instant) and taken out, each new one put at its
   * place, so the lists stay in order and those no change touched keep their sorted copies (issue 21:
   * at about 30 writes a second, filtering every list of every scope at each write was a tenth of the
   * API's CPU). Many changes: the lists are filtered, and sorted again at their next use. Removing keys
   * can only leave the validity earlier than needed.
   */
  patch(
    changed: ReadonlySet<string>,
    keys: readonly OpportunityKey[],
    timeZone: string,
    before: ReadonlyMap<string, OpportunityKey> = new Map(),
  ): void {
    if (changed.size > PATCH_IN_PLACE_LIMIT) {
      for (const filter of Object.keys(this.timed) as ListFilter[])
        this.timed[filter] = this.timed[filter].filter((item) => !changed.has(item.key._id));
      for (const key of keys)
        if (isVisible(this.scope, key)) place(this.timed, this.limits, key, this.at, timeZone);
      this.inOrder.clear();
      this.sorted.clear();
      this.sortedTimes.clear();
      this.generation = ++generations;
      return;
    }
    const touched = new Set<ListFilter>();
    for (const id of changed) {
      const old = before.get(id);
      if (!old || !isVisible(this.scope, old)) continue;
      const items = timedOf(old, this.at, timeZone);
      this.takeOut('all', items.all, touched);
      this.takeOut(items.filter, items.own, touched);
    }
    for (const key of keys) {
      if (!isVisible(this.scope, key)) continue;
      const items = timedOf(key, this.at, timeZone);
      this.putIn('all', items.all, touched);
      this.putIn(items.filter, items.own, touched);
      tighten(this.limits, key, items.waiting);
    }
    for (const filter of touched) {
      this.sorted.delete(filter);
      this.sortedTimes.delete(filter);
    }
    this.generation = ++generations;
  }

  /** A list of `timed` in list order (sorted in place the first time). */
  private ordered(filter: ListFilter): Timed[] {
    const timed = this.timed[filter];
    if (!this.inOrder.has(filter)) {
      timed.sort(orderOf(filter));
      this.inOrder.add(filter);
    }
    return timed;
  }

  /** Takes a key's old item out of a list (found by its order, or by its id when not there). */
  private takeOut(filter: ListFilter, item: Timed, touched: Set<ListFilter>): void {
    const timed = this.ordered(filter);
    const id = item.key._id;
    let index = lowerBound(timed, item, orderOf(filter));
    if (timed[index]?.key._id !== id) index = timed.findIndex((other) => other.key._id === id);
    if (index === -1) return;
    timed.splice(index, 1);
    touched.add(filter);
  }

  private putIn(filter: ListFilter, item: Timed, touched: Set<ListFilter>): void {
    const timed = this.ordered(filter);
    timed.splice(lowerBound(timed, item, orderOf(filter)), 0, item);
    touched.add(filter);
  }

  get counts(): OpportunityCounts {
    const { all, todo, waiting, loose, win } = this.timed;
    return {
      all: all.length,
      todo: todo.length,
      waiting: waiting.length,
      loose: loose.length,
      win: win.length,
    };
  }

  /** The keys under a filter, in list order. */
  list(filter: ListFilter): readonly OpportunityKey[] {
    let keys = this.sorted.get(filter);
    if (!keys) {
      const timed = this.ordered(filter);
      keys = timed.map((item) => item.key);
      this.sorted.set(filter, keys);
      this.sortedTimes.set(
        filter,
        Float64Array.from(timed, (item) => item.listTime),
      );
    }
    return keys;
  }

  /** The listTimeOf of each key of `list(filter)`, in the same order. */
  listTimes(filter: ListFilter): Float64Array {
    this.list(filter);
    return this.sortedTimes.get(filter) as Float64Array;
  }
}

/** One organisation's keys at one store version. */
export class OrganisationList {
  private readonly scopes = new Map<string, ScopeLists>();
  private summary: { nextRenewalAt: number; hasPrivate: boolean } | undefined;
  /** Catch-ups run one after the other, so the version only moves forward. */
  catchingUp: Promise<unknown> = Promise.resolve();
  readonly cards = new Map<string, CachedCard>();
  /** Each opportunity's search text and filter values, for the server-side list (list-windows.ts). */
  readonly facts = new Map<string, ListItemFacts & { id: string; codes: Uint32Array }>();
  /** The prospects change stamp every fact was read at or after (-1: none read yet). */
  factsStamp = -1;
  /** Moves when facts are dropped for changed prospects: a reading under way then keeps nothing it read before. */
  factsDropped = 0;
  /** Moves whenever a fact is added, replaced or dropped: views computed from the facts are kept under it. */
  factsEpoch = 0;
  /** The reading of every fact under way, if any (list-windows.ts). */
  factsReading: Promise<void> | undefined;
  /** No reading again in the background before this (performance.now()): list-windows.ts. */
  factsRestUntil = 0;
  /** The newest prospects change stamp whole list pages were kept at (-1: none yet): read-lists.ts. */
  prospectsSynced = -1;
  /**
   * Moves when the prospects changed after `prospectsSynced` in a way that may show in a page (any
   * prospect changed, or which not known): whole pages are kept under it, not under the stamp.
   */
  prospectsEpoch = 0;

  constructor(
    public version: number,
    private readonly keys: Map<string, OpportunityKey>,
    private readonly timeZone: string,
  ) {}

  get size(): number {
    return this.keys.size;
  }

  /** Every opportunity's key, whoever may see it (the facts read ahead of any caller: list-windows.ts). */
  allKeys(): OpportunityKey[] {
    return [...this.keys.values()];
  }

  /** The earliest renewal follow-up scheduled (Infinity when none). */
  get nextRenewalAt(): number {
    return this.summarise().nextRenewalAt;
  }

  /**
   * The opportunities written up to `version`, with their keys as read after it (absent: gone):
   * their keys and cards are replaced or dropped, and every derived list with them.
   */
  catchUp(version: number, changed: ReadonlySet<string>, keys: readonly OpportunityKey[]): void {
    const before = new Map<string, OpportunityKey>();
    for (const id of changed) {
      const old = this.keys.get(id);
      if (old) before.set(id, old);
      this.keys.delete(id);
      this.cards.delete(id);
      this.facts.delete(id);
    }
    this.factsEpoch += 1;
    for (const key of keys) this.keys.set(key._id, key);
    for (const lists of this.scopes.values()) lists.patch(changed, keys, this.timeZone, before);
    this.summary = undefined;
    this.version = version;
  }

  /** Keeps a card read at `version`, unless the list moved on meanwhile (it may be out of date). */
  keepCard(id: string, card: CachedCard, version: number): void {
    if (version !== this.version || !this.keys.has(id)) return;
    this.cards.set(id, card);
    if (this.cards.size > MAX_CARDS_PER_ORGANISATION)
      this.cards.delete(this.cards.keys().next().value as string);
  }

  /** The lists a scope sees at `at`: cached until their order can change. */
  scope(scope: Scope, at: number): ScopeLists {
    // Without private files every manager sees the same opportunities: one list for them all.
    const name = scope.seesAll
      ? this.summarise().hasPrivate
        ? `all:${scope.userId}`
        : 'all'
      : `own:${scope.userId}`;
    const known = this.scopes.get(name);
    if (known && at < known.validUntil) {
      // Most recently used last, so the oldest is the one dropped.
      this.scopes.delete(name);
      this.scopes.set(name, known);
      return known;
    }
    const built = this.build(scope, at);
    this.scopes.delete(name);
    if (this.scopes.size >= MAX_SCOPES) this.scopes.delete(this.scopes.keys().next().value as string);
    this.scopes.set(name, built);
    return built;
  }

  private summarise(): { nextRenewalAt: number; hasPrivate: boolean } {
    if (!this.summary) {
      let nextRenewalAt = Infinity;
      let hasPrivate = false;
      for (const key of this.keys.values()) {
        if (key.renewalAt !== undefined && key.renewalAt < nextRenewalAt) nextRenewalAt = key.renewalAt;
        if (key.isPrivate === true) hasPrivate = true;
      }
      this.summary = { nextRenewalAt, hasPrivate };
    }
    return this.summary;
  }

  /**
   * Timing of every visible key at `at`, grouped by the state shown. The order holds until the next
   * midnight of the zone (day counts move), and until the next WAITING date, where it shows as TODO.
   * (WAITING times all move together and stay below every day count in "all" until then.)
   */
  private build(scope: Scope, at: number): ScopeLists {
    const timed: Record<ListFilter, Timed[]> = { all: [], todo: [], waiting: [], win: [], loose: [] };
    const limits: OrderLimits = {
      nextMidnight: startOfCalendarDay(calendarDay(at, this.timeZone) + 1, this.timeZone),
      nextWaitingDate: Infinity,
    };
    for (const key of this.keys.values())
      if (isVisible(scope, key)) place(timed, limits, key, at, this.timeZone);
    return new ScopeLists(timed, limits, scope, at);
  }
}

/** The lists of every organisation recently asked for, checked against the store's version. */
export class ListIndex {
  private readonly organisations = new Map<string, OrganisationList>();
  private readonly loading = new Map<string, { version: number; list: Promise<OrganisationList> }>();

  constructor(
    private readonly repository: OpportunitiesRepository,
    private readonly timeZone: string,
  ) {}

  /**
   * The organisation's list as stored now: the one in memory if no write happened since, caught up
   * with the opportunities written since otherwise, read again when that is not known exactly.
   */
  async organisation(organisationId: string): Promise<OrganisationList> {
    const version = await this.repository.listVersion(organisationId);
    const known = this.organisations.get(organisationId);
    if (known && version !== null && known.version >= version) {
      this.organisations.delete(organisationId);
      this.organisations.set(organisationId, known);
      return known;
    }
    if (known && version !== null && (await this.caughtUp(organisationId, known, version))) return known;
    const pending = this.loading.get(organisationId);
    if (pending && version !== null && pending.version >= version) return pending.list;
    return this.load(organisationId, version);
  }

  /** To call after every write to an opportunity (create, state, owner, renewal, its prospect…). */
  changed(organisationId: string, opportunityId: string): Promise<void> {
    return this.repository.recordChange(organisationId, [opportunityId]);
  }

  /** Keeps the total of cached cards under MAX_CARDS: the least recently used organisations' go first. */
  trimCards(): void {
    let total = 0;
    for (const list of this.organisations.values()) total += list.cards.size;
    for (const list of this.organisations.values()) {
      if (total <= MAX_CARDS) return;
      total -= list.cards.size;
      list.cards.clear();
    }
  }

  /** Brings a list to `version` from the change records; false when they do not say exactly what changed. */
  private caughtUp(organisationId: string, list: OrganisationList, version: number): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      if (list.version >= version) return true;
      const changed = await this.repository.changesBetween(organisationId, list.version, version);
      if (changed === null || changed.size > KEY_CHUNK) return false;
      // Read after the version: every write it counts is in these keys.
      const keys = await this.repository.keysOf(organisationId, [...changed]);
      list.catchUp(version, changed, keys);
      return true;
    };
    const done = list.catchingUp.then(run, run);
    list.catchingUp = done.catch(() => undefined);
    return done.then((ok) => {
      if (!ok && this.organisations.get(organisationId) === list) this.organisations.delete(organisationId);
      return ok;
    });
  }

  /** Reads every key, a chunk at a time with a yield between chunks, so other calls go on meanwhile. */
  private load(organisationId: string, seen: number | null): Promise<OrganisationList> {
    const list = (async () => {
      let version = seen;
      if (version === null) {
        // The version is read before the keys: a write landing in between makes it stale, never wrong.
        await this.repository.createListVersion(organisationId);
        version = (await this.repository.listVersion(organisationId)) ?? 0;
      }
      const keys = new Map<string, OpportunityKey>();
      let afterId: string | null = null;
      for (;;) {
        const chunk = await this.repository.keysAfter(organisationId, afterId);
        for (const key of chunk) keys.set(key._id, key);
        const last = chunk[chunk.length - 1];
        if (!last || chunk.length < KEY_CHUNK) break;
        afterId = last._id;
        await yieldToEventLoop();
      }
      const loaded = new OrganisationList(version, keys, this.timeZone);
      const known = this.organisations.get(organisationId);
      // A slower load must not replace a list already further on.
      if (known && known.version >= version) return known;
      this.organisations.delete(organisationId);
      if (this.organisations.size >= MAX_ORGANISATIONS)
        this.organisations.delete(this.organisations.keys().next().value as string);
      this.organisations.set(organisationId, loaded);
      return loaded;
    })();
    if (seen !== null) {
      this.loading.set(organisationId, { version: seen, list });
      const forget = () => {
        if (this.loading.get(organisationId)?.list === list) this.loading.delete(organisationId);
      };
      list.then(forget, forget);
    }
    return list;
  }
}
