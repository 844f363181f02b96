import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button, TextField } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useSessionEntry } from '../../../hooks/use-session-entry';
import { withNext } from '../../../utils/with-next';
import { login } from '../api/login';

export function LoginScreen() {
  const navigate = useNavigate();
  const { signedIn, next, destination, pending, enter } = useSessionEntry();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (signedIn) return <Navigate to={destination} replace />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await enter(() => login({ email, password }));
  };

  return (
    <AuthCard title="Connexion">
      <form onSubmit={handleSubmit} noValidate>
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
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="auth-links">
          <Link to="/forgot">Mot de passe oublié ?</Link>
        </p>
        <div className="auth-actions">
          <Button variant="secondary" onClick={() => navigate(withNext('/register', next))}>
            S'inscrire
          </Button>
          <Button type="submit" disabled={pending}>
            Se connecter
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
