import { useState } from 'react';
import { formatDateInZone } from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  Modal,
  ModalFooter,
  notifySuccess,
  Spinner,
  TextField,
  useApiQuery,
} from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { createCalendarFeed } from '../api/create-calendar-feed';
import { getCalendarFeed } from '../api/get-calendar-feed';
import { regenerateCalendarFeed } from '../api/regenerate-calendar-feed';

/** The address made in this visit, for the organisation it belongs to (never kept elsewhere). */
type ShownAddress = { organisationId: string; url: string };

/**
 * 'Agenda': the member's private calendar address of their follow-ups in the current organisation,
 * shown once when made, regenerated after a confirmation (docs/decisions/calendar-feed.md).
 */
export function CalendarFeedSection() {
  const { organisationId, organisation } = useAccess();
  const status = useApiQuery(getCalendarFeed, organisationId ? { organisationId } : null, {
    key: 'calendar/get',
  });
  const [shown, setShown] = useState<ShownAddress | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const url = shown && shown.organisationId === organisationId ? shown.url : null;

  const handleMake = async (regenerate: boolean) => {
    if (!organisationId) return;
    setBusy(true);
    try {
      const reply = regenerate
        ? await regenerateCalendarFeed({ organisationId })
        : await createCalendarFeed({ organisationId });
      setShown({ organisationId, url: reply.url });
      status.setData({ createdAt: reply.createdAt, hasLicence: true });
      notifySuccess(regenerate ? 'Nouveau lien créé : l’ancien ne fonctionne plus' : 'Lien d’agenda créé');
      setConfirming(false);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Lien copié');
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is selected for Ctrl+C.
      const field = document.getElementById('calendar-feed-url');
      if (field instanceof HTMLInputElement) field.select();
    }
  };

  const feed = status.data;
  return (
    <section className="settings-section" aria-labelledby="account-calendar">
      <h2 id="account-calendar">Agenda</h2>
      <p className="settings-hint">
        Retrouvez vos relances et vos renouvellements
        {organisation ? ` de l’organisation « ${organisation.name} »` : ''} dans l’agenda que vous utilisez
        déjà (Google Agenda, Outlook, Apple Calendrier), avec un rappel 15 minutes avant chaque relance.
      </p>
      {!organisationId ? (
        <p className="settings-hint">Choisissez une organisation pour obtenir votre lien d’agenda.</p>
      ) : feed === undefined ? (
        status.loading ? (
          <Spinner />
        ) : null
      ) : !feed.hasLicence && url === null ? (
        <p className="settings-hint">
          Il vous faut une licence dans cette organisation pour recevoir vos relances dans votre agenda.
        </p>
      ) : (
        <>
          {url !== null ? (
            <div className="account__calendar-url">
              <TextField
                id="calendar-feed-url"
                label="Lien de votre agenda"
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="secondary" onClick={() => void handleCopy()}>
                Copier le lien
              </Button>
              <p className="settings-hint">
                Copiez ce lien maintenant : pour votre sécurité, il ne sera plus affiché. Gardez-le pour vous
                : il donne accès à vos relances sans mot de passe.
              </p>
            </div>
          ) : feed.createdAt !== null ? (
            <p className="settings-hint">
              Votre lien d’agenda a été créé le {formatDateInZone(feed.createdAt)}. Il n’est affiché qu’à sa
              création : si vous l’avez perdu, régénérez-le.
            </p>
          ) : null}
          {feed.createdAt === null && url === null ? (
            <Button disabled={busy} onClick={() => void handleMake(false)}>
              Créer mon lien d’agenda
            </Button>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
              Régénérer le lien
            </Button>
          )}
        </>
      )}
      <details className="account__calendar-help">
        <summary>Comment ajouter le lien à mon agenda ?</summary>
        <ul>
          <li>
            <strong>Google Agenda</strong> (sur ordinateur) : à gauche, « Autres agendas », « + », puis « À
            partir de l’URL » ; collez le lien et cliquez sur « Ajouter un agenda ».
          </li>
          <li>
            <strong>Outlook</strong> : « Ajouter un calendrier », puis « S’abonner à partir du web » ; collez
            le lien, nommez l’agenda et cliquez sur « Importer ».
          </li>
          <li>
            <strong>Apple Calendrier</strong> : sur Mac, « Fichier », « Nouvel abonnement à un calendrier… » ;
            sur iPhone, Réglages, Calendrier, Comptes, « Ajouter un compte », « Autre », « Ajouter un
            calendrier avec abonnement ». Collez le lien.
          </li>
        </ul>
        <p className="settings-hint">
          Chaque agenda relit le lien à son rythme : environ toutes les heures pour Outlook et Apple, jusqu’à
          une journée pour Google Agenda.
        </p>
      </details>
      <Modal open={confirming} title="Régénérer le lien de l’agenda" onClose={() => setConfirming(false)}>
        <p>
          L’ancien lien cessera de fonctionner immédiatement : les agendas abonnés avec lui ne recevront plus
          vos relances. Il faudra y ajouter le nouveau lien.
        </p>
        <ModalFooter
          confirmLabel="Régénérer le lien"
          confirmVariant="danger"
          onConfirm={() => void handleMake(true)}
          confirmDisabled={busy}
          onCancel={() => setConfirming(false)}
          className="settings-actions"
        />
      </Modal>
    </section>
  );
}
