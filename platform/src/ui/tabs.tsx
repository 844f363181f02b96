import type { ReactNode } from 'react';

export type Tab<T extends string> = { id: T; label: ReactNode };

export type TabsProps<T extends string> = {
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
};

export function Tabs<T extends string>({ tabs, selected, onSelect, label }: TabsProps<T>) {
  return (
    <div className="ui-tabs" role="tablist" aria-label={label}>
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
