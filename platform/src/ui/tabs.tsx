import { useEffect, useRef, type ReactNode } from 'react';

export type Tab<T extends string> = { id: T; label: ReactNode };

export type TabsProps<T extends string> = {
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
};

/**
 * A tab strip. Too wide for the screen (a phone), it scrolls sideways by itself, never the page, and
 * keeps the current tab in view (docs/decisions/phone-layout.md).
 */
export function Tabs<T extends string>({ tabs, selected, onSelect, label }: TabsProps<T>) {
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list && current) scrollTabIntoView(list, current);
  }, [selected]);

  return (
    <div ref={strip} className="ui-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          className={tab.id === selected ? 'ui-tab ui-tab--selected' : 'ui-tab'}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Scrolls `strip` sideways just enough to show `tab` whole. Only the strip moves: scrollIntoView
 * would also scroll the page up or down to the strip.
 */
export function scrollTabIntoView(strip: HTMLElement, tab: HTMLElement): void {
  const start = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
  const end = start + tab.getBoundingClientRect().width;
  if (start < strip.scrollLeft) strip.scrollLeft = start;
  else if (end > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = end - strip.clientWidth;
}
