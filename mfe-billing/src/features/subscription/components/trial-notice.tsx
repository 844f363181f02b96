import { useState } from 'react';
import { formatLongDate } from '@app/domain';

type TrialNoticeProps = { endsAt: number };

/** On the packs page while nothing is bought: until when the free trial runs, or since when it is over. */
export function TrialNotice({ endsAt }: TrialNoticeProps) {
  const [now] = useState(() => Date.now());
  const running = endsAt > now;
  return (
    <div className="ui-card billing-current" role="note" aria-label="Essai gratuit">
      <p>
        {running ? (
          <>
            <strong>Essai gratuit jusqu’au {formatLongDate(endsAt)}</strong> : choisissez un pack pour garder
            vos licences ensuite.
          </>
        ) : (
          <>
            <strong>Votre essai gratuit a pris fin le {formatLongDate(endsAt)}</strong> : choisissez un pack
            pour continuer.
          </>
        )}
      </p>
    </div>
  );
}
