import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ListFilter } from '@app/domain';
import type { OpportunityView } from '@app/domain';
import { afterPaint } from '../../../utils/after-paint';
import { readSavedFirstCard, saveFirstCard } from '../../../utils/saved-list-view';
import { OpportunityCard } from './opportunity-card';

/** A first guess at a card's height; every card is measured once rendered. */
export const ESTIMATED_CARD_HEIGHT = 280;
/** Cards rendered beyond the visible ones, so a quick scroll never shows a gap. */
const OVERSCAN = 4;

/**
 * Whether a list of this page has drawn its cards beyond the view yet. Only the page's first list
 * defers them (the start's task); a list drawn later (the search's answer after "Aucun résultat", a
 * return from a detail page) draws them at once, as before.
 */
let overscanDrawn = false;

/**
 * The scroll area's size before it is measured: the window's (the area is at most a few rem taller).
 * With no size the virtualizer's first render draws no card, measures the area in its layout effect
 * and draws the cards in view again synchronously inside that commit (issue 19: a phone's first
 * render of the list paid a layout of the page without cards, then a second render and commit).
 */
function initialRect(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The cards of a list by position: all in hand (a list loaded whole), or received window by window
 * from the server (`want` asks for the positions in view; a position not received yet is a blank).
 */
export type ListRows = {
  count: number;
  at: (index: number) => OpportunityView | undefined;
  want?: (start: number, end: number) => void;
};

/** The rows of a list held whole. */
export function rowsOf(opportunities: readonly OpportunityView[]): ListRows {
  return { count: opportunities.length, at: (index) => opportunities[index] };
}

export type OpportunityCardsProps = {
  rows: ListRows;
  listType: ListFilter;
  /** The scroll area's name for assistive technologies. */
  label: string;
  renderStrip?: (opportunity: OpportunityView) => ReactNode;
  /** Session key of the list (useListView's `savedKey`): the first card in view is kept under it. */
  savedKey?: string | null;
  /** Every page has arrived: a saved card not found by then is not waited for any more. */
  complete?: boolean;
};

/**
 * The cards of a list, virtualized: only the visible cards (plus a few) are in the page whatever
 * the list's length, each measured as it renders since their heights differ. Memoised: a keystroke
 * in the search box does not draw the cards again until the list it asks for arrives.
 */
export const OpportunityCards = memo(function OpportunityCards({
  rows,
  listType,
  label,
  renderStrip,
  savedKey,
  complete = true,
}: OpportunityCardsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The card the user had at the top before opening a detail page, until it is scrolled back to.
  const pendingCard = useRef(savedKey ? readSavedFirstCard(savedKey) : null);
  // The virtualizer places every position again (O(count)) whenever this function changes. A list
  // held whole keys its sizes by card, kept while the list is the same; a list received by windows
  // changes its rows at every window and answer (100,000 positions placed again each time), so its
  // sizes are kept by position: a new list's card starts at the height the previous one had there,
  // then is measured as before.
  const keyedRows = rows.want === undefined ? rows : null;
  // The page's first cards are drawn alone; the ones beyond the view (overscan) after that frame is
  // painted, one card per task after each frame: the task that draws the first list's first cards
  // is the longest of a phone's start (issue 19), half of its cards were out of view, and the four
  // drawn in one task made a long task of their own (166 ms with 4x throttling).
  const [overscan, setOverscan] = useState(() => (overscanDrawn ? OVERSCAN : 0));
  const [firstRect] = useState(initialRect);
  const hasRows = rows.count > 0;
  useEffect(() => {
    if (!hasRows || overscan === OVERSCAN) return undefined;
    let cancelled = false;
    void afterPaint().then(() => {
      if (cancelled) return;
      if (overscan + 1 === OVERSCAN) overscanDrawn = true;
      setOverscan(overscan + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [hasRows, overscan]);
  const getItemKey = useCallback(
    (index: number) => (keyedRows ? (keyedRows.at(index)?._id ?? index) : index),
    [keyedRows],
  );
  // The virtualizer re-renders this component on scroll, as intended.
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan,
    initialRect: firstRect,
    getItemKey,
    // Cards above are not measured yet, so the saved card starts at its estimated place.
    initialOffset: () => {
      const index = pendingCard.current ? indexOf(rows, pendingCard.current) : -1;
      if (index < 0) return 0;
      pendingCard.current = null;
      return index * ESTIMATED_CARD_HEIGHT;
    },
  });
  const items = virtualizer.getVirtualItems();
  const { scrollOffset } = virtualizer;
  const firstInView = items.find((item) => item.end > (scrollOffset ?? 0))?.index;
  const firstInViewId = firstInView === undefined ? undefined : rows.at(firstInView)?._id;
  const firstIndex = items[0]?.index;
  const lastIndex = items[items.length - 1]?.index;
  const { want } = rows;

  // A list received by windows: ask for the positions in view (those held are not asked again).
  useEffect(() => {
    if (want && firstIndex !== undefined && lastIndex !== undefined) want(firstIndex, lastIndex + 1);
  }, [want, firstIndex, lastIndex]);

  // Pages still arriving may bring the saved card: go to it then, unless it is gone for good.
  useEffect(() => {
    if (!pendingCard.current) return;
    const index = indexOf(rows, pendingCard.current);
    if (index >= 0) {
      pendingCard.current = null;
      virtualizer.scrollToIndex(index, { align: 'start' });
    } else if (complete) {
      pendingCard.current = null;
    }
  }, [rows, complete, virtualizer]);

  useEffect(() => {
    if (savedKey && firstInViewId && !pendingCard.current) saveFirstCard(savedKey, firstInViewId);
  }, [savedKey, firstInViewId]);

  return (
    <div ref={scroller} className="opportunity-cards" role="region" aria-label={label} tabIndex={0}>
      <div className="opportunity-cards__canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div
          className="opportunity-cards__window"
          role="list"
          aria-label={label}
          style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
        >
          {items.map((item) => {
            const opportunity = rows.at(item.index);
            if (!opportunity)
              return (
                <div
                  key={`blank-${item.index}`}
                  role="listitem"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="opportunity-cards__item opportunity-cards__item--pending"
                  aria-busy="true"
                  aria-setsize={rows.count}
                  aria-posinset={item.index + 1}
                  style={{ height: ESTIMATED_CARD_HEIGHT }}
                />
              );
            return (
              // Keyed by opportunity (not by position): a card's own state never passes to another.
              <div
                key={opportunity._id}
                role="listitem"
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="opportunity-cards__item"
                aria-setsize={rows.count}
                aria-posinset={item.index + 1}
              >
                <OpportunityCard opportunity={opportunity} listType={listType} renderStrip={renderStrip} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});

/** The position of a card among the rows held (-1: not held). */
function indexOf(rows: ListRows, id: string): number {
  for (let index = 0; index < rows.count; index += 1) {
    const row = rows.at(index);
    if (row?._id === id) return index;
    // Rows received by windows stop at the first gap.
    if (!row && rows.want) return -1;
  }
  return -1;
}
