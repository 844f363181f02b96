// The lists and their counts, served from the organisation's lists kept in memory (list-index.ts),
// the cards kept as JSON (cached-cards.ts) and whole pages kept as sent (page-replies.ts).
// docs/decisions/opportunities.md, "Lists and paging".
import {
  FILTER_KINDS,
  type FilterKind,
  LIST_WINDOW_MAX,
  type ListFilter,
  type ListWindowData,
  OPPORTUNITY_PAGE_SIZE,
  type OpportunityCounts,
} from '@app/domain';
import { utf8Of } from '../../../http/utf8-pieces';
import type { Actor } from '../../messages/module';
import type { CardPages } from '../cached-cards';
import type { OrganisationList, ScopeLists } from '../list-index';
import { type ListQuery, ListWindows } from '../list-windows';
import type { PageReplies, PageReply } from '../page-replies';
import type { ProspectChangeLog } from '../prospect-changes';
import type { OpportunityKey } from '../repository';
import { type OpportunityDeps, scopeOf } from './context';
import type { Renewals } from './renewals';

export type ListReadsDeps = Pick<OpportunityDeps, 'index' | 'prospects' | 'now'> & {
  /** List pages as JSON from the cards kept in memory. */
  cards: CardPages;
  /** Whole list pages kept as sent. */
  replies: PageReplies;
  /** The server-side list: search, filters, counts and order over the sorted keys. */
  windows: ListWindows;
  renewals: Renewals;
  /** What changed among the prospects between two stamps (prospect-changes.ts). */
  changes: ProspectChangeLog;
};

export class ListReads {
  constructor(private readonly deps: ListReadsDeps) {}

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
    // Kept pages hold the prospects as of their epoch: a stamp moved by changes to no prospect (a file
    // made ready) leaves them current.
    const epoch = await this.prospectsEpoch(actor.organisationId, list, prospectStamp);
    const replyKey = epoch === null ? null : `${lists.generation}:${filter}:${start}:${end}:p${epoch}`;
    const kept = replyKey === null ? undefined : this.deps.replies.get(replyKey);
    if (kept) return kept;
    const generation = lists.generation;
    const slice = keys.slice(start, end);
    const json = utf8Of(
      await this.deps.cards.pagePieces(
        actor.organisationId,
        list,
        slice.map((key) => key._id),
        prospectStamp,
        now,
        end >= keys.length,
      ),
    );
    // A WAITING card still counting down shows the milliseconds left: its page is built at each call.
    const countsDays = slice.every(
      (key) => !(key.state === 'WAITING' && (key.waitingDate ?? -Infinity) > now),
    );
    return replyKey !== null && countsDays && lists.generation === generation
      ? this.deps.replies.keep(replyKey, json)
      : { json };
  }

  /**
   * The list's prospects epoch at `stamp` (read before the list): it moves when the prospects changed
   * since the last stamp seen, unless the changes are known to be to no prospect at all. Null when
   * a newer stamp was seen already (a page built now may hold older views: neither kept nor served
   * from those kept).
   */
  private async prospectsEpoch(
    organisationId: string,
    list: OrganisationList,
    stamp: number,
  ): Promise<number | null> {
    const from = list.prospectsSynced;
    if (stamp > from) {
      const changes = await this.deps.changes.between(organisationId, from, stamp);
      if (stamp > list.prospectsSynced) {
        if (changes === null || changes.size > 0 || list.prospectsSynced !== from) list.prospectsEpoch += 1;
        list.prospectsSynced = stamp;
      }
    }
    return stamp === list.prospectsSynced ? list.prospectsEpoch : null;
  }

  /**
   * /api/opportunity/listWindow: positions [startId, endId) (at most LIST_WINDOW_MAX) of the list as
   * searched, filtered and sorted here, as the JSON text of an OpportunityWindow: its length, and with
   * `facets` every option's live count and the whole list's options (list-windows.ts).
   */
  async window(actor: Actor, input: ListWindowData, timings?: Map<string, number>): Promise<Buffer> {
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timings?.set(name, now - mark);
      mark = now;
    };
    const prospectStamp = await this.deps.prospects.changeStamp(actor.organisationId);
    const list = await this.organisationList(actor);
    lap('index');
    const now = this.deps.now();
    const { state, search = '', ...chosen } = input.filter;
    const query: ListQuery = {
      filter: state,
      sort: input.sort,
      search,
      selection: Object.fromEntries(FILTER_KINDS.map((kind) => [kind, chosen[kind] ?? []])) as Record<
        FilterKind,
        string[]
      >,
    };
    const needsFacts = input.facets || ListWindows.filters(query);
    const { windows } = this.deps;
    await windows.ensureFacts(
      actor.organisationId,
      list,
      list.scope(scopeOf(actor), now).list(state),
      prospectStamp,
      needsFacts,
    );
    lap('facts');
    // Read after the facts: a catch-up meanwhile gave new lists.
    const lists = list.scope(scopeOf(actor), now);
    const view = windows.view(actor.organisationId, list, lists, query, input.facets);
    lap('view');
    const total = view.ids.length;
    const end = Math.min(input.endId, input.startId + LIST_WINDOW_MAX, total);
    const start = Math.min(input.startId, end);
    const pieces = await this.deps.cards.pagePieces(
      actor.organisationId,
      list,
      view.ids.slice(start, end),
      prospectStamp,
      now,
      end >= total,
    );
    lap('cards');
    let head = `"total":${total}`;
    if (input.facets && view.counts) {
      const counts = Object.fromEntries(FILTER_KINDS.map((kind) => [kind, [...view.counts![kind]]]));
      const options = windows.options(actor.organisationId, list, lists, state);
      head += `,"counts":${JSON.stringify(counts)},"optionsTag":"${options.tag}"`;
      // The caller holds these options already (the same tag): not sent again at each click.
      if (input.optionsKnown !== options.tag) head += `,"options":${options.json}`;
      lap('counts');
    }
    // The page's `{` becomes the window's, its fields after the head's.
    pieces[0] = `{${head},${(pieces[0] as string).slice(1)}`;
    return utf8Of(pieces);
  }

  /**
   * Another API process started reading this organisation's facts (a large list was opened there):
   * this one reads its own in the background too, for every opportunity of the organisation, so the
   * first search or filter it serves finds them (each process keeps its own). Nothing if they are
   * read or being read already.
   */
  async warm(organisationId: string): Promise<void> {
    const prospectStamp = await this.deps.prospects.changeStamp(organisationId);
    const list = await this.deps.index.organisation(organisationId);
    if (list.facts.size > 0 || list.factsReading) return;
    await this.deps.windows.ensureFacts(organisationId, list, list.allKeys(), prospectStamp, false, false);
  }

  /**
   * Reads the organisation's list ahead of any call: its keys, every card with its prospect view and,
   * for a list the browser asks the server for (`withFacts`), every opportunity's facts. After a start
   * (lists-warm-up.ts); stops between steps when `going` turns false.
   */
  async warmAll(organisationId: string, withFacts: boolean, going: () => boolean): Promise<void> {
    const prospectStamp = await this.deps.prospects.changeStamp(organisationId);
    const list = await this.deps.index.organisation(organisationId);
    const ids = list.allKeys().map((key) => key._id);
    await this.deps.cards.warm(organisationId, list, ids, prospectStamp, going);
    if (!withFacts || !going()) return;
    await this.warm(organisationId);
    await list.factsReading;
  }

  /**
   * What the caller sees of the organisation's lists, as stored now. Renewals that fell due are
   * applied first: the earliest one scheduled is known from the keys, so this costs nothing until then.
   */
  private async organisationList(actor: Actor): Promise<OrganisationList> {
    const list = await this.deps.index.organisation(actor.organisationId);
    if (list.nextRenewalAt > this.deps.now()) return list;
    await this.deps.renewals.applyDue(actor.organisationId);
    return this.deps.index.organisation(actor.organisationId);
  }

  private async lists(actor: Actor): Promise<ScopeLists> {
    return (await this.organisationList(actor)).scope(scopeOf(actor), this.deps.now());
  }
}
