import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { fastRegisterSchema, firstErrorMessage, toUsername } from '@app/domain';
import { Button, notifyError, TextField } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useSessionEntry } from '../../../hooks/use-session-entry';
import { withNext } from '../../../utils/with-next';
import { fastRegister, type FastRegisterInput } from '../api/fast-register';

type DiscoveryForm = {
  email: string;
  lastName: string;
  firstName: string;
  password: string;
  raisonSocial: string;
  fonction: string;
  phone: string;
};

const EMPTY_FORM: DiscoveryForm = {
  email: '',
  lastName: '',
  firstName: '',
  password: '',
  raisonSocial: '',
  fonction: '',
  phone: '',
};

/** /discovery, the quick sign-up: the account and its company in one form. */
export function DiscoveryScreen() {
  const { signedIn, next, destination, pending, enter } = useSessionEntry();
  const [form, setForm] = useState<DiscoveryForm>(EMPTY_FORM);

  if (signedIn) return <Navigate to={destination} replace />;

  const bind = (field: keyof DiscoveryForm) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [field]: event.target.value })),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input: FastRegisterInput = {
      email: form.email,
      password: form.password,
      username: toUsername(form.lastName, form.firstName),
      raisonSocial: form.raisonSocial,
      fonction: form.fonction,
      phone: form.phone,
    };
    // The schema lists the sign-up rules in the spec's order, so the first failure is the one to show.
    const problem = firstErrorMessage(fastRegisterSchema, input);
    if (problem) {
      notifyError(problem);
      return;
    }
    await enter(() => fastRegister(input));
  };

  return (
    <AuthCard title="Inscription rapide">
      <form onSubmit={handleSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField label="Nom" autoComplete="family-name" {...bind('lastName')} />
        <TextField label="Prénom" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Mot de passe" type="password" autoComplete="new-password" {...bind('password')} />
        <TextField label="Raison Sociale" autoComplete="organization" {...bind('raisonSocial')} />
        <TextField label="Fonction" autoComplete="organization-title" {...bind('fonction')} />
        <TextField label="Téléphone" type="tel" autoComplete="tel" {...bind('phone')} />
        <p className="auth-links">
          Déjà un compte ? <Link to={withNext('/login', next)}>Se connecter</Link>
        </p>
        <div className="auth-actions">
          <Button type="submit" disabled={pending}>
            Créer
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
