import type { OpportunityState } from '@app/domain';
import { LineIcon, type LineIconName } from './line-icon';

export type StateIconProps = { state: OpportunityState };

// TODO and WAITING both read "still being worked on": one waiting icon for both (SPEC.md §2).
const ICONS: Record<OpportunityState, { label: string; icon: LineIconName }> = {
  TODO: { label: 'En cours', icon: 'waiting' },
  WAITING: { label: 'En cours', icon: 'waiting' },
  WIN: { label: 'Gagné', icon: 'win' },
  LOOSE: { label: 'Perdu', icon: 'lost' },
};

/** What became of a prospect taken as an opportunity, as an icon with its French name. */
export function StateIcon({ state }: StateIconProps) {
  const { label, icon } = ICONS[state];
  return (
    <span role="img" aria-label={label} title={label} className={`prospect-state prospect-state--${icon}`}>
      <LineIcon name={icon} />
    </span>
  );
}
