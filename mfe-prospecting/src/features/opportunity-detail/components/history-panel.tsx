import { formatDateTime, OPPORTUNITY_STATE_LABELS, type HistoryView } from '@app/domain';

export type HistoryPanelProps = { history: readonly HistoryView[] };

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
              <strong>@{entry.by.username}</strong> :{' '}
              {entry.from ? `${OPPORTUNITY_STATE_LABELS[entry.from]} → ` : 'Création → '}
              {OPPORTUNITY_STATE_LABELS[entry.to]}
              {entry.reason && <span className="detail-history__reason"> ({entry.reason})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
