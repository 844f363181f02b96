import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingScreen, notifyInfo, useSessionStore } from '@app/platform';
import { AuthCard } from '../../../components/auth-card';
import { INVITATION_REDIRECT_DELAY_MS } from '../../../utils/redirect-delays';
import { withNext } from '../../../utils/with-next';
import { useJoinInvitation } from '../hooks/use-join-invitation';

const SIGN_IN_TO_JOIN_MESSAGE =
  "Connectez-vous ou créez un compte pour rejoindre l'organisation qui vous a invité.";
const JOIN_FAILED_MESSAGE =
  "Impossible de rejoindre l'organisation : cette invitation n'existe pas, a expiré ou a déjà été utilisée.";

/** /invitation/join/:id — a visitor without a session signs in (or registers) first, then comes back here. */
export function InvitationJoinScreen() {
  const { id = '' } = useParams();
  const token = useSessionStore((state) => state.token);
  const navigate = useNavigate();
  const join = useJoinInvitation(id, Boolean(token));

  useEffect(() => {
    if (token) return;
    notifyInfo(SIGN_IN_TO_JOIN_MESSAGE);
    navigate(withNext('/login', `/invitation/join/${encodeURIComponent(id)}`), { replace: true });
  }, [token, id, navigate]);

  useEffect(() => {
    if (join.status !== 'joined') return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      INVITATION_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [join.status, navigate]);

  if (!token) {
    return (
      <AuthCard title="Invitation">
        <p className="auth-notice">{SIGN_IN_TO_JOIN_MESSAGE}</p>
      </AuthCard>
    );
  }
  if (join.status === 'joining') return <LoadingScreen />;
  if (join.status === 'failed') {
    return (
      <AuthCard title="Invitation">
        <p className="auth-notice">{JOIN_FAILED_MESSAGE}</p>
        <p className="auth-links">
          <Link to="/dashboard">Aller au tableau de bord</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Vous avez rejoint l'organisation ${join.organisationName}`}>
      <p className="auth-notice" role="status">
        Redirection en cour...
      </p>
    </AuthCard>
  );
}
