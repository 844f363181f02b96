const PATHS = {
  add: 'M12 5v14M5 12h14',
  waiting: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  win: 'M5 12.5l4.5 4.5L19 7.5',
  lost: 'M7 7l10 10M17 7L7 17',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z',
  bin: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
} as const;

export type LineIconName = keyof typeof PATHS;

export type LineIconProps = { name: LineIconName; size?: number };

/** The feature's stroked icons, decorative: the button or label around them carries the French name. */
export function LineIcon({ name, size = 18 }: LineIconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
