import { useState, type FormEvent } from 'react';
import { firstErrorMessage, organisationCreateSchema } from '@app/domain';
import { apiPost, Button, ignoreHandledFailure, notifyError, TextField } from '@app/platform';
import { refreshOrganisations } from '../session/use-session-bootstrap';

export function CreateOrganisationForm() {
  const [name, setName] = useState('');
  const [fonction, setFonction] = useState('');
  const [phone, setPhone] = useState('');
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = firstErrorMessage(organisationCreateSchema, { name, phone });
    if (error) {
      notifyError(error);
      return;
    }
    setPending(true);
    try {
      // The function is collected but not sent (SPEC.md §5).
      await apiPost('/api/organisation/create', { name, phone });
      await refreshOrganisations();
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <TextField
        label="Raison Sociale"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="organization"
      />
      <TextField
        label="Fonction"
        value={fonction}
        onChange={(event) => setFonction(event.target.value)}
        autoComplete="organization-title"
      />
      <TextField
        label="Téléphone"
        type="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        autoComplete="tel"
      />
      <Button type="submit" disabled={pending}>
        Créer mon organisation
      </Button>
    </form>
  );
}
