import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { focusableIn, keepTabInside } from '@app/platform';
import { Icon } from './icons';
import { Navigation } from './navigation';
import { OrganisationSwitcher } from './organisation-switcher';

/**
 * Under 768 px the navigation rail becomes a "Menu" button opening a drawer (docs/decisions/phone-layout.md):
 * the focus goes to its first entry and stays inside it; Escape, a tap on the backdrop, the close button
 * or a chosen entry close it and give the focus back to the button.
 */
export function NavigationDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const drawerId = useId();

  // A navigation from anywhere (a link in the page, the back button) closes it too.
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      if (drawer.current) focusableIn(drawer.current)[0]?.focus();
      // The page under the drawer does not scroll with it.
      const overflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      return () => {
        document.body.style.overflow = overflow;
      };
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
    return undefined;
  }, [open]);

  const close = () => setOpen(false);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (drawer.current) keepTabInside(event, drawer.current);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="shell-menu-button"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
        <span>Menu</span>
      </button>
      <div className="shell-drawer-backdrop" hidden={!open} onClick={close} />
      <div
        ref={drawer}
        id={drawerId}
        className="shell-drawer"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden={!open}
        onKeyDown={handleKeyDown}
      >
        <button type="button" className="shell-drawer__close" aria-label="Fermer le menu" onClick={close}>
          <Icon name="close" />
        </button>
        {/* On a phone the organisation is chosen here, not in the top bar (one line at 390 px). */}
        <OrganisationSwitcher />
        <Navigation variant="drawer" onEntryChosen={close} />
      </div>
    </>
  );
}
