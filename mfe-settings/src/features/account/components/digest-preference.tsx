import { useId, useState, type ChangeEvent } from 'react';
import { ignoreHandledFailure, notifySuccess, Spinner, useApiQuery } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { getDigestPreference } from '../api/get-digest-preference';
import { setDigestPreference } from '../api/set-digest-preference';
import '../digest-preference.css';

/**
 * 'E-mail du matin': the member's choice to receive, in the current organisation, the morning e-mail
 * of their follow-ups (docs/decisions/morning-digest.md). The e-mail's unsubscribe link turns the same
 * choice off.
 */
export function DigestPreference() {
  const { organisationId, organisation } = useAccess();
  const preference = useApiQuery(getDigestPreference, organisationId ? { organisationId } : null, {
    key: 'digest/preference/get',
  });
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const hintId = useId();

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!organisationId) return;
    const enabled = event.target.checked;
    setBusy(true);
    try {
      const reply = await setDigestPreference({ organisationId, enabled });
      preference.setData(reply);
      if (reply.message) notifySuccess(reply.message);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  const data = preference.data;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail du matin</h2>
      <p id={hintId} className="settings-hint">
        Chaque matin{data ? ` à ${data.hour} h` : ''}, vos relances du jour, celles en retard et les
        renouvellements des 7 prochains jours
        {organisation ? ` dans « ${organisation.name} »` : ''}, avec un lien vers chaque opportunité. Pas
        d’e-mail les jours sans rien à faire.
      </p>
      {data === undefined ? (
        preference.error ? null : (
          <Spinner />
        )
      ) : (
        <label className="digest-preference__switch">
          <input
            type="checkbox"
            role="switch"
            checked={data.enabled}
            disabled={busy}
            aria-describedby={hintId}
            onChange={(event) => void handleChange(event)}
          />
          Recevoir l’e-mail du matin
        </label>
      )}
    </section>
  );
}
