import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { companyNameSchema, firstErrorMessage } from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  Modal,
  ModalFooter,
  notifySuccess,
  TextField,
  useSessionStore,
} from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { getOrganisations } from '../api/get-organisations';
import { leaveOrganisation } from '../api/leave-organisation';
import { renameOrganisation } from '../api/rename-organisation';

/** 'Équipes et organisations': the owner renames the organisation, any other member may leave it. */
export function OrganisationScreen() {
  const { organisationId, organisation, isOwner } = useAccess();
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const errorId = useId();
  const shownName = name ?? organisation?.name ?? '';

  const refreshOrganisations = async () => {
    const { organisations } = await getOrganisations();
    useSessionStore.getState().setOrganisations(organisations);
  };

  const handleRename = async (event: FormEvent) => {
    event.preventDefault();
    const message = firstErrorMessage(companyNameSchema, shownName);
    setError(message);
    if (message || !organisationId) return;
    setBusy(true);
    try {
      const reply = await renameOrganisation({ organisationId, name: shownName.trim() });
      notifySuccess(reply.message || 'Organisation renommée');
      await refreshOrganisations();
      setName(null);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleLeave = async () => {
    if (!organisationId) return;
    setBusy(true);
    try {
      const reply = await leaveOrganisation({ organisationId });
      notifySuccess(reply.message || 'Vous avez quitté l’organisation');
      setConfirmLeave(false);
      await refreshOrganisations();
      navigate('/dashboard');
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsPage title="Équipes et organisations">
      <section className="settings-section" aria-labelledby="organisation-title">
        <h2 id="organisation-title">{organisation?.name ?? 'Organisation'}</h2>
        {isOwner ? (
          <form noValidate onSubmit={(event) => void handleRename(event)}>
            <TextField
              label="Nom de l’organisation"
              value={shownName}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <p id={errorId} className="settings-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="settings-actions">
              <Button type="submit" disabled={busy}>
                Renommer
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="settings-hint">
              Seul le propriétaire de l’organisation peut la renommer. Vous pouvez la quitter : vous n’aurez
              plus accès à ses données.
            </p>
            <Button variant="danger" onClick={() => setConfirmLeave(true)}>
              Quitter l’organisation
            </Button>
          </>
        )}
        {isOwner ? (
          <p className="settings-hint">
            Vous êtes le propriétaire de cette organisation : vous ne pouvez pas la quitter.
          </p>
        ) : null}
      </section>
      <Modal open={confirmLeave} title="Quitter l’organisation" onClose={() => setConfirmLeave(false)}>
        <p>
          Voulez-vous vraiment quitter <strong>{organisation?.name}</strong> ? Il faudra une nouvelle
          invitation pour y revenir.
        </p>
        <ModalFooter
          confirmLabel="Quitter"
          onConfirm={() => void handleLeave()}
          confirmVariant="danger"
          confirmDisabled={busy}
          onCancel={() => setConfirmLeave(false)}
          className="settings-actions"
        />
      </Modal>
    </SettingsPage>
  );
}
