// The server-side list (/api/opportunity/listWindow): search, filters, live option counts and the
// order run here over the organisation's sorted lists (list-index.ts), with domain's pass
// (list-facets.ts), the very one the browser runs over a list it loaded whole; the browser asks for
// the window of rows it shows. Each opportunity's search text and filter values ("facts") are read
// from its prospect once and kept beside its keys; the views computed from them are kept a while,
// so a scroll or a second look costs a slice. docs/decisions/opportunity-list.md, "Server-side list".
import { createHash } from 'node:crypto';
import {
  countedKinds,
  emptyCounts,
  FACET_GROUP_OF_KIND,
  type FacetCounts,
  type FacetSelection,
  facetOptionsOf,
  facetsOf,
  FILTER_KINDS,
  type FilterKind,
  LEFT_OUT,
  type ListFilter,
  NO_SELECTION,
  type ListItemFacts,
  matchesSearch,
  opportunitySearchTextOf,
  searchWords,
  SHOWN,
  type SortDirection,
  yieldToEventLoop,
} from '@app/domain';
import type { ProspectCatalogue, ProspectChanges } from '../prospects/module';
import type { OrganisationList, ScopeLists } from './list-index';
import { filterableOf } from './opportunity-views';
import type { OpportunityKey } from './repository';

/**
 * Prospects read per query while reading facts, with a yield between queries. (500 made the first
 * reading of 100,000 three times longer on a loaded machine: each query's cost is mostly fixed.)
 */
const FACTS_CHUNK = 2000;
/** Views (a list searched, filtered and sorted) kept over all organisations; the oldest go first. */
const MAX_VIEWS = 48;
/**
 * Values numbered per filter kind for one organisation's list, at least: past this and twice the list's
 * size, its numbering and facts start afresh (prospects changed to new values again and again).
 */
export const MIN_CODES_KEPT = 1024;

// Module-local copies of domain's bindings: in the API's CommonJS build an imported binding is read
// through a getter at each use, and the passes below read them for each of 100,000 items (the
// getters alone took a fifth of the filter pass's time in a profile).
const matches = matchesSearch;
const SHOWN_VERDICT = SHOWN;
const LEFT_OUT_VERDICT = LEFT_OUT;
const GROUP_OF_KIND: readonly number[] = [...FACET_GROUP_OF_KIND];
/** countedKinds of each verdict but LEFT_OUT, by verdict + 1 (SHOWN, then each filter group). */
const COUNTED_KINDS_OF: readonly (readonly number[])[] = Array.from(
  { length: Math.max(...FACET_GROUP_OF_KIND) + 2 },
  (_, index) => [...countedKinds(index - 1)],
);

/**
 * An opportunity's facts, with its id (the lists are arrays of these, shared, never copied) and each
 * filter value's number in its kind's dictionary (counted in typed arrays, not maps).
 */
export type ListFact = ListItemFacts & { id: string; codes: Uint32Array };
type Item = ListFact;

export type ListQuery = {
  filter: ListFilter;
  sort: SortDirection;
  search: string;
  selection: FacetSelection;
};

/**
 * Each filter value's number, per kind, and the values by number, for one organisation's list (the
 * facts are counted in typed arrays by these numbers, not in maps).
 */
type FactCodes = { codes: Map<string, number>[]; values: string[][] };

const newCodes = (): FactCodes => ({
  codes: FILTER_KINDS.map(() => new Map<string, number>()),
  values: FILTER_KINDS.map(() => []),
});

/** A list's options, their JSON text and its tag. */
export type KeptOptions = { options: Record<FilterKind, string[]>; json: string; tag: string };

/** A list as searched, filtered and sorted: the ids shown, in order, and each option's live count. */
export type ListView = { ids: readonly string[]; counts: FacetCounts | null };

export type ListWindowsDeps = {
  gateway: Pick<ProspectCatalogue['records'], 'byIds'>;
  /**
   * Told when this process starts an organisation's first reading of facts (the other API processes
   * then read theirs meanwhile, so the first search they serve does not wait for it).
   */
  onFirstReading?: (organisationId: string) => void;
  /**
   * The prospects changed between two stamps (prospect-changes.ts): facts read at an older stamp
   * are patched (those of the changed prospects read again) instead of all being read again.
   */
  changes?: (organisationId: string, from: number, to: number) => Promise<ProspectChanges>;
};

export class ListWindows {
  private readonly views = new Map<string, ListView | Item[] | KeptOptions>();
  /**
   * Each list's value numbers (gone with the list when the index lets it go). They were once shared by
   * every organisation and never dropped: a process's dictionaries grew with every value any
   * organisation's prospects ever took.
   */
  private readonly dictionaries = new WeakMap<OrganisationList, FactCodes>();
  /** Per list of keys (a scope's list, replaced when it changes), the facts epoch it was whole at. */
  private readonly complete = new WeakMap<readonly OpportunityKey[], number>();
  /** The filter pass was run once with ticked options in this process (warmPass). */
  private passWarmed = false;

  constructor(private readonly deps: ListWindowsDeps) {}

  /** Whether the query needs the facts (a search or a ticked option). */
  static filters(query: Pick<ListQuery, 'search' | 'selection'>): boolean {
    return (
      searchWords(query.search).length > 0 || FILTER_KINDS.some((kind) => query.selection[kind].length > 0)
    );
  }

  /**
   * Every visible opportunity's facts, read at `stamp` or after (awaited), or started in the
   * background when `wait` is false (the first window of a list that filters nothing).
   * After a change to prospects (a newer stamp), the facts are read again in the background while
   * the ones already known answer. `announce`: a first reading is told to `onFirstReading`.
   */
  async ensureFacts(
    organisationId: string,
    list: OrganisationList,
    keys: readonly OpportunityKey[],
    stamp: number,
    wait: boolean,
    announce = true,
  ): Promise<void> {
    this.bound(list);
    // Facts read at an older stamp, the changes since known: those of the changed prospects are
    // dropped (read again below as missing ones), the others stay as they are.
    if (!list.factsReading && list.factsStamp >= 0 && list.factsStamp < stamp && this.deps.changes) {
      const from = list.factsStamp;
      const changes = await this.deps.changes(organisationId, from, stamp);
      // A reading started or facts dropped meanwhile: left to the paths below.
      if (changes !== null && !list.factsReading && list.factsStamp >= from && list.factsStamp < stamp) {
        this.forget(list, changes);
        list.factsStamp = stamp;
      }
    }
    if (list.factsReading) {
      // Only a first reading is waited for: a reading again (prospects changed) runs in the
      // background while the facts known answer.
      if (wait && list.factsStamp < 0) await list.factsReading;
    } else if (
      list.factsStamp < stamp &&
      (list.facts.size === 0 || performance.now() >= list.factsRestUntil)
    ) {
      const all = list.facts.size === 0;
      const startedAt = performance.now();
      // The store reads synchronously: a reading the answer does not wait for starts after it is
      // sent, else its first chunk is read inside this call (0.78 s of a first window's 0.89 s at
      // 100,000, load average 20).
      const awaited = all && wait;
      const started = awaited ? Promise.resolve() : yieldToEventLoop();
      // A reading again is of every opportunity's facts, so that it brings `factsStamp` to `stamp`
      // (it read only the caller's list before and left the stamp behind: the facts were read again
      // and again, after every rest, until the process stopped; load.md).
      const reading = started
        .then(() => this.read(organisationId, list, all ? keys : list.allKeys(), stamp, true))
        .finally(() => {
          if (list.factsReading === reading) list.factsReading = undefined;
          // Prospects written again and again (positions filled in after an import) do not keep the
          // process reading: a new reading waits as long as the last one took.
          const endedAt = performance.now();
          list.factsRestUntil = endedAt + (endedAt - startedAt);
        });
      list.factsReading = reading;
      if (all && announce) this.deps.onFirstReading?.(organisationId);
      // A first reading is waited for when the answer needs it; a refresh never is.
      if (awaited) await reading;
      else reading.catch(() => undefined);
    }
    if (!wait) return;
    // Every key of this list was found with its facts at this epoch: nothing can be missing (a fact
    // dropped or added moves the epoch). Spares a lookup per opportunity on every call.
    if (this.complete.get(keys) === list.factsEpoch) return;
    const missing = keys.filter((key) => !list.facts.has(key._id));
    if (missing.length > 0) await this.read(organisationId, list, missing, stamp, false);
    if (missing.length === 0) this.complete.set(keys, list.factsEpoch);
  }

  /** Drops the facts of the opportunities of these prospects (to be read again as missing ones). */
  private forget(list: OrganisationList, prospectIds: ReadonlySet<string>): void {
    if (prospectIds.size === 0) return;
    let dropped = false;
    for (const key of list.allKeys())
      if (prospectIds.has(key.prospectId) && list.facts.delete(key._id)) dropped = true;
    if (dropped) list.factsEpoch += 1;
    list.factsDropped += 1;
  }

  /**
   * The list of `query` over the keys of a scope (each with its facts), kept until they change;
   * `withCounts`: with every option's live count (else only when something filters).
   */
  view(
    organisationId: string,
    list: OrganisationList,
    lists: ScopeLists,
    query: ListQuery,
    withCounts: boolean,
  ): ListView {
    const words = searchWords(query.search);
    const selection = Object.fromEntries(
      FILTER_KINDS.map((kind) => [kind, [...new Set(query.selection[kind])].sort()]),
    ) as unknown as FacetSelection;
    const base = `${organisationId}:${lists.generation}:${list.factsEpoch}:${query.filter}:${query.sort}`;
    const filters = words.length > 0 || FILTER_KINDS.some((kind) => selection[kind].length > 0);
    const key = `${base}:${words.join(' ')}:${JSON.stringify(selection)}:${String(withCounts || filters)}`;
    const known = this.kept<ListView>(key);
    if (known) return known;
    let view: ListView;
    if (!filters && !withCounts) {
      // Nothing filters and no count is asked: the sorted keys themselves (no facts needed, so the
      // first window of a list does not wait for them nor build them).
      const keys = lists.list(query.filter);
      const sorted = query.sort === 'desc' ? keys : ascending(keys, lists.listTimes(query.filter));
      view = { ids: sorted.map((key) => key._id), counts: null };
    } else {
      // The items the search lets through, then the selection and counts over those only (a
      // left-out item is neither shown nor counted, so the verdicts are the same).
      view = this.filterAndCount(
        this.searched(base, list, lists, query, words),
        selection,
        withCounts,
        this.dictionaryOf(list),
      );
    }
    this.keep(key, view);
    return view;
  }

  /**
   * The items (in the query's order) holding every word of the search. A search typed on from a kept
   * one (each of its words inside one of the new words: "12" after "1", "saint e" after "saint") is
   * looked for among that one's items only, which hold all the new one's.
   */
  private searched(
    base: string,
    list: OrganisationList,
    lists: ScopeLists,
    query: ListQuery,
    words: readonly string[],
  ): readonly Item[] {
    if (words.length === 0) return this.items(base, list, lists, query);
    const prefix = `${base}:searched:`;
    const key = `${prefix}${words.join(' ')}`;
    const known = this.kept<Item[]>(key);
    if (known) return known;
    let from: readonly Item[] = this.items(base, list, lists, query);
    for (const [keptKey, kept] of this.views) {
      if (!keptKey.startsWith(prefix)) continue;
      const keptWords = keptKey.slice(prefix.length).split(' ');
      const refines = keptWords.every((word) => words.some((typed) => typed.includes(word)));
      if (refines && (kept as Item[]).length < from.length) from = kept as Item[];
    }
    const matched = from.filter((item) => matches(item.text, words));
    this.keep(key, matched);
    return matched;
  }

  /**
   * domain's filterAndCountBy over items the search already let through: the same verdicts
   * (verdictOf's rule: shown, left out, or the one filter group failed), the ticked options tested by
   * value number (a byte per value, not a set of strings), the counts kept in typed arrays by value
   * number (ten times quicker than maps over 100,000); or without counts.
   */
  private filterAndCount(
    items: readonly Item[],
    selection: FacetSelection,
    withCounts: boolean,
    { codes: dictionaries, values: valuesOf }: FactCodes,
  ): ListView {
    // Only the kinds with a ticked option are tested, each by a byte per value number.
    const tickedKinds: number[] = [];
    const masks: Uint8Array[] = [];
    FILTER_KINDS.forEach((kind, index) => {
      if (selection[kind].length === 0) return;
      const dictionary = dictionaries[index]!;
      const mask = new Uint8Array(valuesOf[index]!.length);
      for (const value of selection[kind]) {
        const code = dictionary.get(value);
        if (code !== undefined) mask[code] = 1;
      }
      tickedKinds.push(index);
      masks.push(mask);
    });
    const ticked = tickedKinds.length;
    const ids: string[] = [];
    const tallies = withCounts ? valuesOf.map((values) => new Uint32Array(values.length)) : null;
    for (let at = 0; at < items.length; at += 1) {
      const item = items[at]!;
      const codes = item.codes;
      let verdict = SHOWN_VERDICT;
      for (let index = 0; index < ticked; index += 1) {
        const kind = tickedKinds[index]!;
        if (masks[index]![codes[kind]!] === 1) continue;
        const group = GROUP_OF_KIND[kind]!;
        if (verdict === SHOWN_VERDICT) verdict = group;
        else if (group !== verdict) {
          verdict = LEFT_OUT_VERDICT;
          break;
        }
      }
      if (verdict === LEFT_OUT_VERDICT) continue;
      if (verdict === SHOWN_VERDICT) ids.push(item.id);
      if (tallies === null) continue;
      const kinds = COUNTED_KINDS_OF[verdict + 1]!;
      for (let index = 0; index < kinds.length; index += 1) {
        const kind = kinds[index]!;
        const tally = tallies[kind]!;
        const code = codes[kind]!;
        tally[code] = tally[code]! + 1;
      }
    }
    if (!tallies) return { ids, counts: null };
    const counts = emptyCounts();
    FILTER_KINDS.forEach((kind, index) => {
      const tally = tallies[index]!;
      const values = valuesOf[index]!;
      for (let code = 0; code < tally.length; code += 1)
        if (tally[code]! > 0) counts[kind].set(values[code]!, tally[code]!);
    });
    return { ids, counts };
  }

  /**
   * Every value each filter kind takes in the whole list, in display order, as JSON text with its tag
   * (a digest of that text: the same options have the same tag in every process, so a caller holding
   * them is not sent them again).
   */
  options(
    organisationId: string,
    list: OrganisationList,
    lists: ScopeLists,
    filter: ListFilter,
  ): KeptOptions {
    const key = `${organisationId}:${lists.generation}:${list.factsEpoch}:${filter}:options`;
    const known = this.kept<KeptOptions>(key);
    if (known) return known;
    const options = facetOptionsOf(this.factsOf(list, lists.list(filter)));
    const json = JSON.stringify(options);
    const kept = { options, json, tag: createHash('sha256').update(json).digest('base64url').slice(0, 22) };
    this.keep(key, kept);
    return kept;
  }

  /** The list's items in the query's order (the server's, or its times ascending), kept. */
  private items(base: string, list: OrganisationList, lists: ScopeLists, query: ListQuery): Item[] {
    const known = this.kept<Item[]>(`${base}:items`);
    if (known) return known;
    const items = this.factsOf(list, lists.list(query.filter));
    const sorted = query.sort === 'desc' ? items : ascending(items, lists.listTimes(query.filter));
    this.keep(`${base}:items`, sorted);
    return sorted;
  }

  private factsOf(list: OrganisationList, keys: readonly OpportunityKey[]): Item[] {
    // A key whose facts are not read yet (a race with a catch-up) is found by no search or filter.
    let none: Uint32Array | undefined;
    return keys.map(
      (key) =>
        list.facts.get(key._id) ?? {
          id: key._id,
          text: '',
          facets: NO_FACETS,
          codes: (none ??= this.codesOf(this.dictionaryOf(list), NO_FACETS)),
        },
    );
  }

  /** Reads the facts of these keys at `stamp`, a chunk at a time; `complete`: all of the list's. */
  private async read(
    organisationId: string,
    list: OrganisationList,
    keys: readonly OpportunityKey[],
    stamp: number,
    complete: boolean,
  ): Promise<void> {
    let whole = true;
    for (let first = 0; first < keys.length; first += FACTS_CHUNK) {
      if (first > 0) await yieldToEventLoop();
      const chunk = keys.slice(first, first + FACTS_CHUNK);
      const version = list.version;
      const dropped = list.factsDropped;
      const prospects = await this.deps.gateway.byIds(
        organisationId,
        chunk.map((key) => key.prospectId),
      );
      // A catch-up meanwhile may have dropped some of these, or a patch some facts this read may
      // hold from before their change: read again when next needed.
      if (list.version !== version || list.factsDropped !== dropped) {
        whole = false;
        continue;
      }
      const byId = new Map(prospects.map((doc) => [doc._id, doc]));
      // Taken after the read: numbers started afresh meanwhile (bound) went with the facts numbered before.
      const dictionary = this.dictionaryOf(list);
      let changed = false;
      for (const key of chunk) {
        const prospect = filterableOf(byId.get(key.prospectId));
        const facets = facetsOf(prospect);
        const codes = this.codesOf(dictionary, facets);
        const text = opportunitySearchTextOf(prospect);
        // The same facts read again (a prospect written in another field, as its position) keep
        // their object: the lists and views computed from them stay valid.
        const known = list.facts.get(key._id);
        if (known && known.text === text && codes.every((code, index) => known.codes[index] === code))
          continue;
        // One string per value, shared by every opportunity that has it.
        FILTER_KINDS.forEach((kind, index) => (facets[kind] = dictionary.values[index]![codes[index]!]!));
        list.facts.set(key._id, { id: key._id, text, facets, codes });
        changed = true;
      }
      if (changed) list.factsEpoch += 1;
    }
    if ((complete || list.factsStamp < 0) && whole) list.factsStamp = Math.max(list.factsStamp, stamp);
    if (complete && whole && !this.passWarmed) {
      this.passWarmed = true;
      // After the reading's end (a call waiting for it is answered first).
      const items = [...list.facts.values()];
      const dictionary = this.dictionaryOf(list);
      void yieldToEventLoop().then(() => this.warmPass(items, dictionary));
    }
  }

  /**
   * Runs the filter pass once, with options ticked in one then two groups, over facts just read, the
   * answer thrown away. The first pass with ticked options a process runs is compiled on the way
   * (45–60 ms over 100,000 at load, against 7 ms once compiled: the list opens, the panel opens
   * without any ticked option, so the user's first click paid it); now the background reading pays it.
   */
  private warmPass(items: readonly Item[], dictionary: FactCodes): void {
    const first = items[0];
    if (!first) return;
    const one = { ...NO_SELECTION, region: [first.facets.region] };
    this.filterAndCount(items, one, true, dictionary);
    this.filterAndCount(items, { ...one, libelleactivite: [first.facets.libelleactivite] }, true, dictionary);
  }

  /** Each value's number in its kind's dictionary (new values get the next one). */
  private codesOf(
    { codes: dictionaries, values }: FactCodes,
    facets: Record<FilterKind, string>,
  ): Uint32Array {
    const codes = new Uint32Array(FILTER_KINDS.length);
    FILTER_KINDS.forEach((kind, index) => {
      const dictionary = dictionaries[index]!;
      let code = dictionary.get(facets[kind]);
      if (code === undefined) {
        code = values[index]!.length;
        dictionary.set(facets[kind], code);
        values[index]!.push(facets[kind]);
      }
      codes[index] = code;
    });
    return codes;
  }

  private dictionaryOf(list: OrganisationList): FactCodes {
    let dictionary = this.dictionaries.get(list);
    if (!dictionary) {
      dictionary = newCodes();
      this.dictionaries.set(list, dictionary);
    }
    return dictionary;
  }

  /** The most values one filter kind has numbered for this list (at most bound's limit, plus one reading's). */
  valuesNumbered(list: OrganisationList): number {
    const dictionary = this.dictionaries.get(list);
    return dictionary ? Math.max(...dictionary.values.map((values) => values.length)) : 0;
  }

  /**
   * A list whose prospects took new values again and again (a kind numbering more than twice the
   * list's size, and MIN_CODES_KEPT) numbers afresh: its facts are dropped with the old numbers and
   * read again, as after a load. Not while a reading of every fact runs (it numbers as it goes);
   * the facts epoch moves, so no view computed with the old numbers is used again.
   */
  private bound(list: OrganisationList): void {
    const dictionary = this.dictionaries.get(list);
    if (!dictionary || list.factsReading) return;
    const limit = Math.max(MIN_CODES_KEPT, 2 * list.size);
    if (dictionary.values.every((values) => values.length <= limit)) return;
    this.dictionaries.delete(list);
    list.facts.clear();
    list.factsStamp = -1;
    list.factsEpoch += 1;
  }

  private kept<T>(key: string): T | undefined {
    const known = this.views.get(key);
    if (known === undefined) return undefined;
    // Most recently used last, so the oldest is the one dropped.
    this.views.delete(key);
    this.views.set(key, known);
    return known as T;
  }

  private keep(key: string, value: ListView | Item[] | KeptOptions): void {
    this.views.set(key, value);
    if (this.views.size > MAX_VIEWS) this.views.delete(this.views.keys().next().value as string);
  }
}

/** The filter values of an opportunity whose facts are not read yet. */
const NO_FACETS = facetsOf({});

/**
 * The server's order (list times descending, ties in the server's order) turned into the browser's
 * ascending one (list times ascending, ties still in the server's order: compareByTimeFilter('asc')):
 * the runs of equal times in reverse, each run as it was. O(n), no sort.
 */
function ascending<T>(items: readonly T[], times: Float64Array): T[] {
  const out: T[] = [];
  let end = items.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && times[start - 1] === times[end - 1]) start -= 1;
    for (let index = start; index < end; index += 1) out.push(items[index]!);
    end = start;
  }
  return out;
}
