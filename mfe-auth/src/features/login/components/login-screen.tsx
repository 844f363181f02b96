import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button, ignoreHandledFailure, TextField, useSessionStore } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useNextPath } from '../../../hooks/use-next-path';
import { withNext } from '../../../utils/with-next';
import { login } from '../api/login';

export function LoginScreen() {
  const token = useSessionStore((state) => state.token);
  const signIn = useSessionStore((state) => state.signIn);
  const navigate = useNavigate();
  const { next, destination } = useNextPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  if (token) return <Navigate to={destination} replace />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const reply = await login({ email, password });
      signIn(reply.token);
      navigate(destination, { replace: true });
    } catch (error) {
      ignoreHandledFailure(error);
      setPending(false);
    }
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
