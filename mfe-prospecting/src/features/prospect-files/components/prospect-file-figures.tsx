import { OPPORTUNITY_STATE_LABELS, type ProspectFileStats } from '@app/domain';
import { formatCount, formatPercent } from '../utils/format-percent';

export type ProspectFileFiguresProps = { stats: ProspectFileStats };

/** The file's figures: its prospects, the opportunities made from it, what became of them, conversion. */
export function ProspectFileFigures({ stats }: ProspectFileFiguresProps) {
  const figures = [
    { label: 'Prospects', value: formatCount(stats.prospects) },
    { label: 'Opportunités', value: formatCount(stats.opportunities) },
    { label: OPPORTUNITY_STATE_LABELS.TODO, value: formatCount(stats.todo), tone: 'todo' },
    { label: OPPORTUNITY_STATE_LABELS.WAITING, value: formatCount(stats.waiting), tone: 'waiting' },
    { label: OPPORTUNITY_STATE_LABELS.WIN, value: formatCount(stats.win), tone: 'win' },
    { label: OPPORTUNITY_STATE_LABELS.LOOSE, value: formatCount(stats.loose), tone: 'lost' },
    // Won over opportunities made, computed here from the counts so the figure and its rounding match the list's.
    { label: 'Taux de conversion', value: formatPercent(stats.win, stats.opportunities) },
  ];
  return (
    <div role="group" aria-label="Chiffres du fichier">
      <dl className="prospect-figures">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={figure.tone ? `prospect-figure prospect-figure--${figure.tone}` : 'prospect-figure'}
          >
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
