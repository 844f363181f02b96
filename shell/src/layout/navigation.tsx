import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { APP_EVENTS, emitAppEvent, notifyUnavailableFeature, useSessionStore } from '@app/platform';
import { LIST_FILTER_LABELS, LIST_FILTERS } from '@app/domain';
import { useModuleNavigation } from '../start/modules';
import { Icon, type IconName } from './icons';
import { useLogout } from './use-logout';

/** SPEC.md §2: with no saved choice, the navigation starts collapsed under 1728 px. */
export const NAV_COLLAPSE_BREAKPOINT_PX = 1728;

/** Told when an entry is chosen, so the phone drawer closes even when the path stays the same. */
const EntryChosenContext = createContext<() => void>(() => undefined);

export type NavigationProps = {
  /** 'drawer': inside the phone drawer, always expanded, without the collapse toggle. */
  variant?: 'rail' | 'drawer';
  onEntryChosen?: () => void;
};

export function Navigation({ variant = 'rail', onEntryChosen }: NavigationProps) {
  const saved = useSessionStore((state) => state.navCollapsed);
  const setNavCollapsed = useSessionStore((state) => state.setNavCollapsed);
  const inDrawer = variant === 'drawer';
  const collapsed = !inDrawer && (saved ?? window.innerWidth < NAV_COLLAPSE_BREAKPOINT_PX);
  const logout = useLogout();
  const navigate = useNavigate();
  const moduleEntries = useModuleNavigation();

  const openProspectingModal = (event: (typeof APP_EVENTS)[keyof typeof APP_EVENTS]) => {
    // The prospecting remote handles it, now if it is on screen or as soon as it mounts.
    emitAppEvent(event);
    if (!window.location.pathname.startsWith('/dashboard/prospect/list'))
      navigate('/dashboard/prospect/list');
  };

  const className = ['shell-nav', collapsed && 'shell-nav--collapsed', inDrawer && 'shell-nav--drawer']
    .filter(Boolean)
    .join(' ');
  return (
    <EntryChosenContext.Provider value={onEntryChosen ?? noop}>
      <nav className={className} aria-label="Navigation principale">
        {inDrawer ? null : (
          <button
            type="button"
            className="shell-nav__toggle"
            aria-expanded={!collapsed}
            onClick={() => setNavCollapsed(!collapsed)}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
            <span className="shell-nav__label">{collapsed ? 'Déplier le menu' : 'Réduire le menu'}</span>
          </button>
        )}
        <ul>
          <NavItem to="/dashboard/prospect" icon="home" label="Accueil" />
          <NavGroup icon="briefcase" label="Opportunités" collapsed={collapsed}>
            {LIST_FILTERS.map((filter) => (
              <NavItem
                key={filter}
                to={`/dashboard/opportunity/list/${filter}`}
                label={LIST_FILTER_LABELS[filter]}
              />
            ))}
            <NavItem to="/dashboard/opportunity/unassigned" label="Non attribuées" />
          </NavGroup>
          <NavGroup icon="megaphone" label="Campagnes" collapsed={collapsed}>
            <NavItem to="/dashboard/prospect/list" label="Campagne de prospection" />
            <NavAction
              label="Importer une campagne"
              onClick={() => openProspectingModal(APP_EVENTS.openImportModal)}
            />
            <NavAction
              label="Importer un prospect manuel"
              onClick={() => openProspectingModal(APP_EVENTS.openNewOpportunityModal)}
            />
          </NavGroup>
          {/* Entries the modules bring through the remotes manifest (e.g. "Gestion des tournées"). */}
          {moduleEntries.map((entry) =>
            entry.active ? (
              <NavItem key={entry.id} to={entry.to} icon={entry.icon} label={entry.label} />
            ) : (
              <NavAction
                key={entry.id}
                icon={entry.icon}
                label={entry.label}
                onClick={notifyUnavailableFeature}
              />
            ),
          )}
          <NavItem to="/dashboard/prospect/settings/compte" icon="user" label="Mon compte" />
          <NavItem to="/dashboard/prospect/settings" icon="settings" label="Paramètres" />
          <NavAction icon="logout" label="Déconnexion" onClick={() => void logout()} />
        </ul>
      </nav>
    </EntryChosenContext.Provider>
  );
}

const noop = () => undefined;

type NavItemProps = { to: string; label: string; icon?: IconName };

function NavItem({ to, label, icon }: NavItemProps) {
  const onEntryChosen = useContext(EntryChosenContext);
  return (
    <li>
      <NavLink to={to} end className="shell-nav__item" title={label} onClick={onEntryChosen}>
        <Icon name={icon ?? 'dot'} />
        <span className="shell-nav__label">{label}</span>
      </NavLink>
    </li>
  );
}

type NavActionProps = { label: string; icon?: IconName; onClick: () => void };

function NavAction({ label, icon, onClick }: NavActionProps) {
  const onEntryChosen = useContext(EntryChosenContext);
  const handleClick = () => {
    onEntryChosen();
    onClick();
  };
  return (
    <li>
      <button type="button" className="shell-nav__item" title={label} onClick={handleClick}>
        <Icon name={icon ?? 'dot'} />
        <span className="shell-nav__label">{label}</span>
      </button>
    </li>
  );
}

type NavGroupProps = { label: string; icon: IconName; collapsed: boolean; children: ReactNode };

/**
 * A group of entries. In the expanded rail it opens in place; in the collapsed rail, where labels are
 * hidden, it opens as a panel beside the rail with the labels shown: the focus goes to its first entry,
 * Escape or a chosen entry closes it and gives the focus back to the group button, and a click or the
 * focus elsewhere closes it (docs/decisions/navigation.md).
 */
function NavGroup({ label, icon, collapsed, children }: NavGroupProps) {
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const flyout = open && collapsed;

  useEffect(() => {
    if (!flyout) return undefined;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const handlePointerDown = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [flyout]);

  const closeAndRefocus = () => {
    setOpen(false);
    button.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!flyout || event.key !== 'Escape') return;
    event.stopPropagation();
    closeAndRefocus();
  };
  const handleEntryClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) closeAndRefocus();
  };
  const handleBlur = (event: FocusEvent) => {
    if (flyout && !item.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <li className="shell-nav__group" ref={item} onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={button}
        type="button"
        className="shell-nav__item"
        aria-expanded={open}
        aria-controls={flyout ? panelId : undefined}
        title={label}
        onClick={() => setOpen(!open)}
      >
        <Icon name={icon} />
        <span className="shell-nav__label">{label}</span>
      </button>
      {flyout ? (
        <div ref={panel} id={panelId} className="shell-nav__flyout" onClick={handleEntryClick}>
          <p className="shell-nav__flyout-title" aria-hidden="true">
            {label}
          </p>
          <ul>{children}</ul>
        </div>
      ) : open ? (
        <ul className="shell-nav__submenu">{children}</ul>
      ) : null}
    </li>
  );
}
