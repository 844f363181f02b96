import { formatDateTime, OPPORTUNITY_STATE_LABELS, type HistoryView } from '@app/domain';

export type HistoryPanelProps = { history: readonly HistoryView[] };

const label = (state: HistoryView['to']) => OPPORTUNITY_STATE_LABELS[state];

/** What an entry says after its date and author. */
function describe(entry: HistoryView): string {
  switch (entry.kind) {
    case 'create':
      return `Création → ${label(entry.to)}`;
    case 'comment':
      return entry.reason ?? 'Commentaire ajouté';
    case 'assign':
      return 'Opportunité attribuée';
    case 'renewal':
      return `Relance de renouvellement : ${entry.from ? `${label(entry.from)} → ` : ''}${label(entry.to)}`;
    default:
      return entry.from ? `${label(entry.from)} → ${label(entry.to)}` : `Création → ${label(entry.to)}`;
  }
}

/** Who changed the state, when, from what to what and why (shown to holders of "Voir l'historique"). */
export function HistoryPanel({ history }: HistoryPanelProps) {
  return (
    <section className="detail-panel" aria-labelledby="detail-history-title">
      <h2 id="detail-history-title">Historique</h2>
      {history.length === 0 ? (
        <p className="chat-panel__empty">Aucun changement</p>
      ) : (
        <ol className="detail-history">
          {[...history].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>{' '}
              <strong>@{entry.by.username}</strong> : {describe(entry)}
              {entry.reason && entry.kind !== 'comment' && (
                <span className="detail-history__reason"> ({entry.reason})</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
