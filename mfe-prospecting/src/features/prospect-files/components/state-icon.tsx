import type { OpportunityState } from '@app/domain';

export type StateIconProps = { state: OpportunityState };

// TODO and WAITING both read "still being worked on": one waiting icon for both (SPEC.md §2).
const ICONS: Record<OpportunityState, { label: string; tone: string; path: string }> = {
  TODO: { label: 'En cours', tone: 'waiting', path: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
  WAITING: { label: 'En cours', tone: 'waiting', path: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
  WIN: { label: 'Gagné', tone: 'win', path: 'M5 12.5l4.5 4.5L19 7.5' },
  LOOSE: { label: 'Perdu', tone: 'lost', path: 'M7 7l10 10M17 7L7 17' },
};

/** What became of a prospect taken as an opportunity, as an icon with its French name. */
export function StateIcon({ state }: StateIconProps) {
  const icon = ICONS[state];
  return (
    <span
      role="img"
      aria-label={icon.label}
      title={icon.label}
      className={`prospect-state prospect-state--${icon.tone}`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d={icon.path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
