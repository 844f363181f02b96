// The opportunity lists of each organisation, kept in memory so that a page call only slices them.
// - The sort keys of every opportunity, read once (a chunk at a time), then patched by every write
//   of this module.
// - Per caller scope: the lists of each filter, sorted once and reused until their order can change
//   (a day ends, or the next WAITING date comes close), with their counts.
// - An organisation-level version in the store, bumped after every write: each call reads it (one
//   lookup by _id), so a change made by another API instance is seen at the next call.
// docs/decisions/opportunities.md, "Lists and paging".
import {
  calendarDay,
  computeTiming,
  type ListFilter,
  listFilterOfState,
  type OpportunityCounts,
  startOfCalendarDay,
} from '@app/domain';
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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Timed = { key: OpportunityKey; timeFilter: number };

/** SPEC §4: WAITING soonest first; the others by timeFilter descending, then newest first, then id. */
function compareTimed(ascending: boolean) {
  return (a: Timed, b: Timed): number =>
    (ascending ? a.timeFilter - b.timeFilter : b.timeFilter - a.timeFilter) ||
    b.key.creationDate - a.key.creationDate ||
    (a.key._id < b.key._id ? 1 : a.key._id > b.key._id ? -1 : 0);
}

/** What one caller sees, sorted per filter on first use; valid until `validUntil`. */
export class ScopeLists {
  private readonly sorted = new Map<ListFilter, readonly OpportunityKey[]>();

  constructor(
    private readonly timed: Record<ListFilter, Timed[]>,
    readonly validUntil: number,
  ) {}

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
      keys = this.timed[filter].sort(compareTimed(filter === 'waiting')).map((item) => item.key);
      this.sorted.set(filter, keys);
    }
    return keys;
  }
}

/** One organisation's keys at one store version. */
export class OrganisationList {
  private readonly scopes = new Map<string, ScopeLists>();
  private summary: { nextRenewalAt: number; hasPrivate: boolean } | undefined;

  constructor(
    public version: number,
    private readonly keys: Map<string, OpportunityKey>,
    private readonly timeZone: string,
  ) {}

  get size(): number {
    return this.keys.size;
  }

  /** The earliest renewal follow-up scheduled (Infinity when none). */
  get nextRenewalAt(): number {
    return this.summarise().nextRenewalAt;
  }

  /** A new version of one opportunity's key (null: it is gone); every derived list is dropped. */
  patch(opportunityId: string, key: OpportunityKey | null): void {
    if (key) this.keys.set(opportunityId, key);
    else this.keys.delete(opportunityId);
    this.scopes.clear();
    this.summary = undefined;
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
   * midnight of the zone (day counts move), and until a WAITING date comes within reach: then its
   * milliseconds left could fall below another's day count in the "all" list, and at the date it
   * shows as TODO.
   */
  private build(scope: Scope, at: number): ScopeLists {
    const timed: Record<ListFilter, Timed[]> = { all: [], todo: [], waiting: [], win: [], loose: [] };
    let nextWaitingDate = Infinity;
    let mostDays = 0;
    for (const key of this.keys.values()) {
      if (!isVisible(scope, key)) continue;
      const timing = computeTiming(key, at, this.timeZone);
      const item = { key, timeFilter: timing.timeFilter };
      timed.all.push(item);
      timed[listFilterOfState(timing.state)].push(item);
      if (timing.state === 'WAITING') {
        if (key.waitingDate !== undefined && key.waitingDate < nextWaitingDate)
          nextWaitingDate = key.waitingDate;
      } else if (timing.timeFilter > mostDays) {
        mostDays = timing.timeFilter;
      }
    }
    const nextMidnight = startOfCalendarDay(calendarDay(at, this.timeZone) + 1, this.timeZone);
    return new ScopeLists(timed, Math.min(nextMidnight, nextWaitingDate - mostDays - 1));
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

  /** The organisation's list as stored now: the one in memory if no write happened since, else read again. */
  async organisation(organisationId: string): Promise<OrganisationList> {
    const version = await this.repository.listVersion(organisationId);
    const known = this.organisations.get(organisationId);
    if (known && version !== null && known.version === version) {
      this.organisations.delete(organisationId);
      this.organisations.set(organisationId, known);
      return known;
    }
    const pending = this.loading.get(organisationId);
    if (pending && version !== null && pending.version === version) return pending.list;
    return this.load(organisationId, version);
  }

  /**
   * To call after every write to an opportunity (create, state, owner, renewal…). When nobody else
   * wrote meanwhile, the list in memory takes the new key and the version moves by one; otherwise
   * the version is bumped and the list is read again at the next call.
   */
  async changed(organisationId: string, opportunityId: string): Promise<void> {
    const list = this.organisations.get(organisationId);
    if (!list) {
      await this.repository.bumpListVersion(organisationId);
      return;
    }
    const held = list.version;
    const key = await this.repository.keyOf(organisationId, opportunityId);
    if (await this.repository.advanceListVersion(organisationId, held)) {
      if (this.organisations.get(organisationId) === list && list.version === held) {
        list.patch(opportunityId, key);
        list.version = held + 1;
      }
      return;
    }
    await this.repository.bumpListVersion(organisationId);
    if (this.organisations.get(organisationId) === list) this.organisations.delete(organisationId);
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
