import { formatRemaining, type OpportunityView } from '@app/domain';

export type BadgeTone = 'waiting' | 'today' | 'late' | 'closed';

export type Badge = { text: string; tone: BadgeTone };

/**
 * The badge on the right of a card's title (SPEC §2): the time left for WAITING, "Aujourd'hui" or
 * the delay for TODO. Closed opportunities have no badge in the spec; they show their state.
 */
export function badgeOf(opportunity: Pick<OpportunityView, 'state' | 'timeFilter' | 'howMuchTime'>): Badge {
  const time = opportunity.howMuchTime?.trim();
  switch (opportunity.state) {
    case 'WAITING':
      return { text: formatRemaining(time ?? ''), tone: 'waiting' };
    case 'TODO':
      return opportunity.timeFilter === 0
        ? { text: "Aujourd'hui", tone: 'today' }
        : { text: `${time || '0 jour'} en retard`, tone: 'late' };
    case 'WIN':
      return { text: 'Gagné', tone: 'closed' };
    case 'LOOSE':
      return { text: 'Perdu', tone: 'closed' };
  }
}
