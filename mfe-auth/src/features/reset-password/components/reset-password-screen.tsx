import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Button, ignoreHandledFailure, LoadingScreen, notifySuccess, TextField } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { useDelayedNavigate } from '../../../hooks/use-delayed-navigate';
import { MESSAGE_REDIRECT_DELAY_MS } from '../../../utils/redirect-delays';
import { resetPassword } from '../api/reset-password';
import { useResetTokenCheck } from '../hooks/use-reset-token-check';

// SPEC.md §5 shows no client-side check here: the server applies the sign-up rules and answers in French.
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const resetToken = searchParams.get('token') ?? '';
  const tokenStatus = useResetTokenCheck(resetToken);
  const navigateLater = useDelayedNavigate();
  const [password, setPassword] = useState('');
  const [passwordVerif, setPasswordVerif] = useState('');
  const [pending, setPending] = useState(false);

  if (tokenStatus === 'invalid') return <Navigate to="/login" replace />;
  if (tokenStatus === 'checking') return <LoadingScreen />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const { message } = await resetPassword({ token: resetToken, password, passwordVerif });
      notifySuccess(message);
      navigateLater('/login', MESSAGE_REDIRECT_DELAY_MS);
    } catch (error) {
      ignoreHandledFailure(error);
      setPending(false);
    }
  };

  return (
    <AuthCard title="Réinitialisation du mot de passe">
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirmation du mot de passe"
          type="password"
          autoComplete="new-password"
          value={passwordVerif}
          onChange={(event) => setPasswordVerif(event.target.value)}
        />
        <div className="auth-actions">
          <Button type="submit" disabled={pending}>
            Valider
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
