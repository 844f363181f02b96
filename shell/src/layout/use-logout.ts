import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiPost, useSessionStore } from '@app/platform';

/** Logout revokes the session on the server, then clears all local storage (SPEC.md §4). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // The session ends locally whatever the server says: a failed revoke must not keep the user in.
    await apiPost('/api/logout', {}, { silent: true }).catch(() => undefined);
    useSessionStore.getState().clearSession();
    navigate('/login', { replace: true });
  }, [navigate]);
}
