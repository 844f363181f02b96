import type { OpportunityView } from '@app/domain';
import { indexOpportunity, type IndexedOpportunity } from './list-index';

/** What use-opportunity-list.ts has loaded of one list. */
export type LoadedList = {
  /** Organisation and filter the items belong to: a change of either starts again from nothing. */
  key: string;
  /** The load that filled it: loading a key again (back to an organisation) starts from nothing too. */
  run: number;
  /** In the server's order, each with a growing `order`; a card that came in from elsewhere first. */
  items: readonly IndexedOpportunity[];
  /** True once a page answered `itsFinish` (or a page failed: the list stops there). */
  finished: boolean;
  /** True once the first page answered. */
  started: boolean;
};

/** One empty array for every empty list: the view (use-list-view.ts) follows the items by identity. */
const NO_ITEMS: readonly IndexedOpportunity[] = [];

export const emptyList = (key: string, run: number): LoadedList => ({
  key,
  run,
  items: NO_ITEMS,
  finished: false,
  started: false,
});

/** `previous` when it belongs to this load, else an empty list for it. */
export function listOfRun(previous: LoadedList, key: string, run: number): LoadedList {
  return previous.key === key && previous.run === run ? previous : emptyList(key, run);
}

/** A page added after what is loaded; its items' `order` must be above all of the list's. */
export function withPage(
  list: LoadedList,
  page: readonly IndexedOpportunity[],
  finished: boolean,
): LoadedList {
  return { ...list, items: page.length > 0 ? [...list.items, ...page] : list.items, finished, started: true };
}

/**
 * A card changed the opportunity: it is updated in place when it still `belongs` to the list, dropped
 * when it left, and put first when it just came in (from the other column).
 */
export function withCardChange(list: LoadedList, opportunity: OpportunityView, belongs: boolean): LoadedList {
  const at = list.items.findIndex((item) => item.opportunity._id === opportunity._id);
  if (at < 0 && !belongs) return list;
  const items = [...list.items];
  if (at >= 0 && belongs) items[at] = indexOpportunity(opportunity, items[at]!.order);
  else if (at >= 0) items.splice(at, 1);
  else items.unshift(indexOpportunity(opportunity, (items[0]?.order ?? 0) - 1));
  return { ...list, items };
}

/** A colleague's change made the opportunity gone or invisible to this member: it leaves the list. */
export function withoutOpportunity(list: LoadedList, opportunityId: string): LoadedList {
  const items = list.items.filter((item) => item.opportunity._id !== opportunityId);
  return items.length === list.items.length ? list : { ...list, items };
}

/** A list read again whole in the background replaces the shown one in one step. */
export function withReloaded(list: LoadedList, items: readonly IndexedOpportunity[]): LoadedList {
  return { ...list, items, finished: true, started: true };
}
