// Small inline icons (no icon font: the page must render the same without any system emoji font).
const PATHS = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  briefcase:
    'M9 4h6a1 1 0 0 1 1 1v2h4a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4V5a1 1 0 0 1 1-1zm1 3h4V6h-4z',
  megaphone: 'M3 10v4a1 1 0 0 0 1 1h2l4 4V5L6 9H4a1 1 0 0 0-1 1zm11-4v12a7 7 0 0 0 0-12z',
  route:
    'M6 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm12 12a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM7 9v4a4 4 0 0 0 4 4h4v-2h-4a2 2 0 0 1-2-2V9z',
  user: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5z',
  settings:
    'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm8.6 5.5l-1.9-.3-.7 1.7 1.1 1.6-1.4 1.4-1.6-1.1-1.7.7-.3 1.9h-2l-.3-1.9-1.7-.7-1.6 1.1-1.4-1.4 1.1-1.6-.7-1.7-1.9-.3v-2l1.9-.3.7-1.7-1.1-1.6 1.4-1.4 1.6 1.1 1.7-.7.3-1.9h2l.3 1.9 1.7.7 1.6-1.1 1.4 1.4-1.1 1.6.7 1.7 1.9.3z',
  logout:
    'M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5v-2H6V6h4zm5 3l-1.4 1.4 2.6 2.6H9v2h7.2l-2.6 2.6L15 17l5-5z',
  bell: 'M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5-6.7V3.5a2 2 0 0 0-4 0v.8A7 7 0 0 0 5 11v5l-2 2v1h18v-1z',
  chevronRight: 'M9 6l6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6z',
  chevronLeft: 'M15 6l1.4 1.4-4.6 4.6 4.6 4.6L15 18l-6-6z',
  /** An entry whose manifest names no icon: still a visible target in the collapsed rail. */
  dot: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  close: 'M6.4 5L5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
} as const;

export type IconName = keyof typeof PATHS;

/** Lets the remotes manifest name an icon as a plain string. */
export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && Object.hasOwn(PATHS, name);
}

export type IconProps = { name: IconName };

export function Icon({ name }: IconProps) {
  return (
    <svg
      className="shell-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
