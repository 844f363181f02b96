import { useEffect, useState } from 'react';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { verifyResetToken } from '../api/verify-reset-token';

export type ResetTokenStatus = 'checking' | 'valid' | 'invalid';

type CheckResult = { resetToken: string; valid: boolean };

/**
 * Checks the reset token of the link with the server. A reset starts signed out: apiPost adds the
 * session token to the body as `token` after the body's own fields, which would replace the reset token.
 */
export function useResetTokenCheck(resetToken: string): ResetTokenStatus {
  const [result, setResult] = useState<CheckResult | null>(null);

  useEffect(() => {
    if (!resetToken) return;
    const session = useSessionStore.getState();
    if (session.token) session.clearSession();
    let cancelled = false;
    verifyResetToken({ token: resetToken }).then(
      () => {
        if (!cancelled) setResult({ resetToken, valid: true });
      },
      (error: unknown) => {
        if (!cancelled) setResult({ resetToken, valid: false });
        ignoreHandledFailure(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [resetToken]);

  if (!resetToken) return 'invalid';
  if (result?.resetToken !== resetToken) return 'checking';
  return result.valid ? 'valid' : 'invalid';
}
