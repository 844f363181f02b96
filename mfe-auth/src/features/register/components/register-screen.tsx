import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { toUsername } from '@app/domain';
import { Button, TextField } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useSessionEntry } from '../../../hooks/use-session-entry';
import { withNext } from '../../../utils/with-next';
import { register } from '../api/register';

// SPEC.md §5 shows no client-side check here: the server applies the sign-up rules and answers in French.
export function RegisterScreen() {
  const { signedIn, next, destination, pending, enter } = useSessionEntry();
  const [lastName, setLastName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (signedIn) return <Navigate to={destination} replace />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await enter(() => register({ email, password, username: toUsername(lastName, firstName) }));
  };

  return (
    <AuthCard title="Inscription">
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label="Nom"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
        />
        <TextField
          label="Prénom"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="auth-links">
          Déjà un compte ? <Link to={withNext('/login', next)}>Se connecter</Link>
        </p>
        <div className="auth-actions">
          <Button type="submit" disabled={pending}>
            S'inscrire
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
