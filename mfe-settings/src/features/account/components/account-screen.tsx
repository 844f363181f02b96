import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { firstErrorMessage, MESSAGES, passwordSchema } from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  TextField,
  useApiQuery,
  useSessionStore,
} from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { changePassword } from '../api/change-password';
import { getAccount } from '../api/get-account';
import { logoutEverywhere } from '../api/logout-everywhere';
import { DigestPreference } from './digest-preference';
import { CalendarFeedSection } from './calendar-feed-section';
import '../account.css';

const EMPTY_FORM = { currentPassword: '', password: '', confirmation: '' };

/** The rules of the new password in the sign-up order, then the confirmation. */
export function passwordChangeError(form: typeof EMPTY_FORM): string | null {
  if (form.currentPassword === '') return MESSAGES.currentPasswordRequired;
  return (
    firstErrorMessage(passwordSchema, form.password) ??
    (form.password === form.confirmation ? null : MESSAGES.passwordsDoNotMatch)
  );
}

/** 'Mon compte': name, e-mail, password change and signing out of every device. */
export function AccountScreen() {
  const navigate = useNavigate();
  const account = useApiQuery(getAccount, {}, { key: 'account/get', byOrganisation: false }).data ?? null;
  const [form, setForm] = useState(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const field = (key: keyof typeof EMPTY_FORM) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    type: 'password',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });

  const handleChangePassword = async (event: FormEvent) => {
    event.preventDefault();
    const message = passwordChangeError(form);
    setError(message);
    if (message) return;
    setBusy(true);
    try {
      const reply = await changePassword({ currentPassword: form.currentPassword, password: form.password });
      notifySuccess(reply.message || 'Mot de passe modifié');
      setForm(EMPTY_FORM);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleLogoutEverywhere = async () => {
    setBusy(true);
    try {
      const reply = await logoutEverywhere();
      notifySuccess(reply.message || 'Vous êtes déconnecté de tous vos appareils');
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
      // Every session is gone (or is going): this browser starts again from the login screen.
      useSessionStore.getState().clearSession();
      navigate('/login');
    }
  };

  return (
    <SettingsPage title="Mon compte">
      <section className="settings-section" aria-labelledby="account-identity">
        <h2 id="account-identity">Informations personnelles</h2>
        {account === null ? (
          <Spinner />
        ) : (
          <dl className="account__identity">
            <dt>Nom</dt>
            <dd>{account.username}</dd>
            <dt>E-mail</dt>
            <dd>{account.email}</dd>
          </dl>
        )}
      </section>
      <section className="settings-section" aria-labelledby="account-password">
        <h2 id="account-password">Changer de mot de passe</h2>
        <form noValidate onSubmit={(event) => void handleChangePassword(event)} className="account__form">
          <TextField
            label="Mot de passe actuel"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <TextField label="Nouveau mot de passe" autoComplete="new-password" {...field('password')} />
          <TextField
            label="Confirmer le nouveau mot de passe"
            autoComplete="new-password"
            {...field('confirmation')}
          />
          <p className="settings-hint">
            Au moins 8 caractères, dont une lettre minuscule, une lettre majuscule et un chiffre.
          </p>
          {error ? (
            <p id={errorId} className="settings-error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            Changer le mot de passe
          </Button>
        </form>
      </section>
      <DigestPreference />
      <CalendarFeedSection />
      <section className="settings-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions">Sessions</h2>
        <p className="settings-hint">Ferme votre session sur tous vos appareils, y compris celui-ci.</p>
        <Button variant="danger" disabled={busy} onClick={() => void handleLogoutEverywhere()}>
          Se déconnecter de partout
        </Button>
      </section>
    </SettingsPage>
  );
}
