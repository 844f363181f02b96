import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export type ActionMenuItem = { label: string; onSelect: () => void };

export type ActionMenuProps = {
  /** The button's text, also the menu's accessible name. */
  label: string;
  items: readonly ActionMenuItem[];
  buttonClassName?: string;
};

/** A button opening a short menu of actions: arrows move, Escape closes, a click outside closes. */
export function ActionMenu({
  label,
  items,
  buttonClassName = 'ui-button ui-button--primary',
}: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    container.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const handlePointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    }
  };

  const choose = (action: () => void) => {
    setOpen(false);
    // The modal that opens gives focus back to what had it: the button, not a vanished item.
    toggle.current?.focus();
    action();
  };

  return (
    <div className="prospect-menu" ref={container}>
      <button
        ref={toggle}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className="prospect-menu__list"
          onKeyDown={handleKeyDown}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button type="button" role="menuitem" onClick={() => choose(item.onSelect)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
