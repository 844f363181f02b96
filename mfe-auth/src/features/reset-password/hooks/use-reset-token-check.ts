import { useEffect } from 'react';
import { useApiQuery, useSessionStore } from '@app/platform';
import { verifyResetToken } from '../api/verify-reset-token';

export type ResetTokenStatus = 'checking' | 'valid' | 'invalid';

/**
 * Checks the reset token of the link with the server. A reset starts signed out: apiPost adds the
 * session token to the body as `token` after the body's own fields, which would replace the reset token,
 * so the check waits until the session is cleared.
 */
export function useResetTokenCheck(resetToken: string): ResetTokenStatus {
  const signedIn = useSessionStore((state) => state.token !== null);
  useEffect(() => {
    if (resetToken && signedIn) useSessionStore.getState().clearSession();
  }, [resetToken, signedIn]);

  const check = useApiQuery(verifyResetToken, resetToken && !signedIn ? { token: resetToken } : null, {
    key: 'verifyResetToken',
    byOrganisation: false,
  });

  if (!resetToken) return 'invalid';
  if (check.error !== undefined) return 'invalid';
  return signedIn || check.loading ? 'checking' : 'valid';
}
