import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { AuditRecordView } from '@app/domain';
import { AuditRecordCard } from './audit-record-card';

/** A card's height before it is measured (a record with before, after and details). */
const ESTIMATED_CARD_HEIGHT = 190;
/** Cards rendered above and below the visible ones. */
const OVERSCAN = 6;
/** The next page is asked when the cards shown come this close to the last one loaded. */
const PREFETCH_CARDS = 30;

export type AuditListProps = {
  records: readonly AuditRecordView[];
  hasMore: boolean;
  onNeedMore: () => void;
};

/**
 * The records as a virtualized list of cards: only those in view (and a few around) are in the
 * page, however many thousands were loaded; scrolling near the end asks for the next page.
 */
export function AuditList({ records, hasMore, onNeedMore }: AuditListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component on scroll, as intended.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => records[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && last >= records.length - PREFETCH_CARDS) onNeedMore();
  }, [hasMore, last, records.length, onNeedMore]);

  return (
    <div ref={scroller} className="audit-list" tabIndex={0} aria-label="Événements de l’historique">
      <div role="list" className="audit-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const record = records[item.index];
          if (!record) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={hasMore ? -1 : records.length}
              aria-posinset={item.index + 1}
              className="audit-list__item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <AuditRecordCard record={record} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
