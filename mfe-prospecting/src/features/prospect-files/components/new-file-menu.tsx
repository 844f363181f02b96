import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export type NewFileMenuProps = {
  onImport: () => void;
  onCreateManual: () => void;
};

/** The files list's menu: import a spreadsheet, or start an empty list by hand. */
export function NewFileMenu({ onImport, onCreateManual }: NewFileMenuProps) {
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
    const items = [...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
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
        className="ui-button ui-button--primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        Ajouter un fichier
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Ajouter un fichier"
          className="prospect-menu__list"
          onKeyDown={handleKeyDown}
        >
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose(onImport)}>
              Importer un fichier Excel
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose(onCreateManual)}>
              Créer une liste manuellement
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
