import { Button } from '../ui/button';
import { dismissRefused, pendingLabel, useOfflineState } from './offline-queue';
import './offline.css';

/**
 * The device's state for the user, on every dashboard screen: offline with the changes waiting
 * ("Hors ligne — 3 modifications en attente"), the changes being sent once back online, and each change
 * the server refused with its reason, until dismissed. Nothing when online with nothing waiting.
 */
export function OfflineBanner() {
  const { online, pending, refused, sending } = useOfflineState();
  const count = pending.length;
  const status = !online
    ? count > 0
      ? `Hors ligne — ${pendingLabel(count)}`
      : 'Hors ligne'
    : count > 0
      ? `${pendingLabel(count)} — ${sending ? 'envoi en cours…' : 'nouvel essai bientôt'}`
      : null;
  return (
    <>
      <p
        className={[
          'offline-banner',
          status ? '' : 'offline-banner--idle',
          online ? '' : 'offline-banner--offline',
        ]
          .filter(Boolean)
          .join(' ')}
        role="status"
      >
        {status}
      </p>
      {refused.length > 0 && (
        <section className="offline-refused" aria-labelledby="offline-refused-title">
          <h2 id="offline-refused-title" className="offline-refused__title">
            {refused.length > 1
              ? `${refused.length} modifications refusées par le serveur`
              : '1 modification refusée par le serveur'}
          </h2>
          <ul className="offline-refused__list">
            {refused.map((change) => (
              <li key={change.id} className="offline-refused__item">
                <span className="offline-refused__text">
                  <strong>{change.label}</strong> : {change.reason}
                </span>
                <Button variant="ghost" onClick={() => void dismissRefused(change.id)}>
                  J’ai compris<span className="offline-sr-only"> ({change.label})</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
