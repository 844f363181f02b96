// A page of list cards as JSON text, from the cards kept in memory per organisation: only the
// opportunities written since (dropped by the list's catch-up) and the prospects changed since
// (the prospects change stamp) are read from the store; the time-dependent fields are computed at
// each call. docs/decisions/opportunities.md, "Cached cards".
import { type UserRef, yieldToEventLoop } from '@app/domain';
import type { CachedCard, ListIndex, OrganisationList } from './list-index';
import { cardJson, cardPartsOf, prospectJson } from './opportunity-views';
import type { ProspectCatalogue, ProspectChanges } from '../prospects/module';
import type { OpportunitiesRepository } from './repository';

/** Documents read per query while filling, with a yield between queries. */
const FILL_CHUNK = 500;
/** Cards read per step of a warm-up (warm): small, so that the calls arriving meanwhile barely wait. */
const WARM_CHUNK = 200;
/** Owner names kept (user ids never change; names cannot be changed yet). */
const MAX_USERS = 10_000;

export type CardPagesDeps = {
  repository: OpportunitiesRepository;
  gateway: ProspectCatalogue['records'];
  index: ListIndex;
  users: (ids: string[]) => Promise<UserRef[]>;
  timeZone: string;
  /**
   * The prospects changed between two stamps (prospect-changes.ts): a card whose prospect did not
   * change since its view was read keeps it, brought to the newer stamp without a read.
   */
  changes?: (organisationId: string, from: number, to: number) => Promise<ProspectChanges>;
};

export class CardPages {
  private readonly userJson = new Map<string, string>();

  constructor(private readonly deps: CardPagesDeps) {}

  /**
   * `{"opportunitys":[…],"itsFinish":…}` for these ids, in this order (those gone are left out), in
   * pieces to write one after the other (utf8Of): the page's head, each card and comma, its tail.
   * `prospectStamp` must be read before the call: prospect views read after it are kept with it.
   */
  async pagePieces(
    organisationId: string,
    list: OrganisationList,
    ids: readonly string[],
    prospectStamp: number,
    at: number,
    itsFinish: boolean,
  ): Promise<string[]> {
    const cards = await this.cards(organisationId, list, ids);
    await this.fillProspects(organisationId, cards, prospectStamp);
    const users = await this.usersOf(cards);
    const pieces = ['{"opportunitys":['];
    cards.forEach((card, index) => {
      const user = users.get(card.userId) ?? JSON.stringify({ _id: card.userId, username: '' });
      if (index > 0) pieces.push(',');
      pieces.push(cardJson(card, at, this.deps.timeZone, user, card.prospect ?? ''));
    });
    pieces.push(`],"itsFinish":${String(itsFinish)}}`);
    return pieces;
  }

  /**
   * Reads and keeps the cards of these ids with their prospect views, ahead of any call (after a start:
   * lists-warm-up.ts), a few at a time with a yield before each step; stops when `going` turns false.
   * `prospectStamp` must be read before the call, as for pagePieces.
   */
  async warm(
    organisationId: string,
    list: OrganisationList,
    ids: readonly string[],
    prospectStamp: number,
    going: () => boolean,
  ): Promise<void> {
    for (let first = 0; first < ids.length; first += WARM_CHUNK) {
      await yieldToEventLoop();
      if (!going()) return;
      const cards = await this.cards(organisationId, list, ids.slice(first, first + WARM_CHUNK));
      await this.fillProspects(organisationId, cards, prospectStamp);
    }
  }

  /** The cards of these ids: those in memory, the others read (a chunk at a time) and kept. */
  private async cards(
    organisationId: string,
    list: OrganisationList,
    ids: readonly string[],
  ): Promise<CachedCard[]> {
    // Read before the documents: a card is only kept if the list has not moved on since.
    const version = list.version;
    const found = new Map<string, CachedCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = list.cards.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    for (let first = 0; first < missing.length; first += FILL_CHUNK) {
      if (first > 0) await yieldToEventLoop();
      const docs = await this.deps.repository.byIds(organisationId, missing.slice(first, first + FILL_CHUNK));
      for (const doc of docs) {
        const card: CachedCard = { ...cardPartsOf(doc), prospect: null, prospectStamp: -1 };
        found.set(doc._id, card);
        list.keepCard(doc._id, card, version);
      }
    }
    if (missing.length > 0) this.deps.index.trimCards();
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Gives each card a prospect view at least as recent as `stamp`. */
  private async fillProspects(organisationId: string, cards: CachedCard[], stamp: number): Promise<void> {
    let stale = cards.filter((card) => card.prospect === null || card.prospectStamp < stamp);
    if (stale.length > 0 && this.deps.changes) {
      const since = new Map<number, ProspectChanges>();
      for (const card of stale) {
        if (card.prospect === null) continue;
        const from = card.prospectStamp;
        let changes = since.get(from);
        if (!since.has(from)) {
          changes = await this.deps.changes(organisationId, from, stamp);
          since.set(from, changes);
        }
        // Its view, read at `from` or after, is the prospect's at `stamp` too.
        if (changes && !changes.has(card.prospectId))
          card.prospectStamp = Math.max(card.prospectStamp, stamp);
      }
      stale = stale.filter((card) => card.prospect === null || card.prospectStamp < stamp);
    }
    for (let first = 0; first < stale.length; first += FILL_CHUNK) {
      if (first > 0) await yieldToEventLoop();
      const chunk = stale.slice(first, first + FILL_CHUNK);
      const docs = await this.deps.gateway.byIds(
        organisationId,
        chunk.map((card) => card.prospectId),
      );
      const byId = new Map(docs.map((doc) => [doc._id, doc]));
      for (const card of chunk) {
        // Another call may have given it a newer one meanwhile.
        if (card.prospect !== null && card.prospectStamp >= stamp) continue;
        card.prospect = prospectJson(byId.get(card.prospectId), card.prospectId);
        card.prospectStamp = stamp;
      }
    }
  }

  /** Owners as JSON `{ _id, username }`, the unknown ones read once. */
  private async usersOf(cards: readonly CachedCard[]): Promise<Map<string, string>> {
    const wanted = new Set(cards.map((card) => card.userId));
    const missing = [...wanted].filter((id) => !this.userJson.has(id));
    if (missing.length > 0) {
      if (this.userJson.size + missing.length > MAX_USERS) this.userJson.clear();
      for (const user of await this.deps.users(missing))
        this.userJson.set(user._id, JSON.stringify({ _id: user._id, username: user.username }));
    }
    const found = new Map<string, string>();
    for (const id of wanted) {
      const json = this.userJson.get(id);
      if (json !== undefined) found.set(id, json);
    }
    return found;
  }
}
