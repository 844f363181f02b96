import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, ignoreHandledFailure, notifySuccess, TextField } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useDelayedNavigate } from '../../../hooks/use-delayed-navigate';
import { MESSAGE_REDIRECT_DELAY_MS } from '../../../utils/redirect-delays';
import { forgot } from '../api/forgot';

export function ForgotPasswordScreen() {
  const navigateLater = useDelayedNavigate();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const { message } = await forgot({ email });
      notifySuccess(message);
      // The button stays disabled until the login screen comes back.
      navigateLater('/login', MESSAGE_REDIRECT_DELAY_MS);
    } catch (error) {
      ignoreHandledFailure(error);
      setPending(false);
    }
  };

  return (
    <AuthCard title="Mot de passe oublié">
      <form onSubmit={handleSubmit} noValidate>
        <p className="auth-notice">
          Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.
        </p>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p className="auth-links">
          <Link to="/login">Retour à la connexion</Link>
        </p>
        <div className="auth-actions">
          <Button type="submit" disabled={pending}>
            Envoyer
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
