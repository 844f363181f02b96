import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiPost, clearDeviceData, confirmSignOut, useSessionStore } from '@app/platform';

/**
 * Logout revokes the session on the server, then clears all local storage (SPEC.md §4) and the device's
 * offline copy; it asks first when changes made offline are not sent yet (docs/decisions/offline-day.md).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!confirmSignOut()) return;
    // The session ends locally whatever the server says: a failed revoke must not keep the user in.
    await apiPost('/api/logout', {}, { silent: true }).catch(() => undefined);
    useSessionStore.getState().clearSession();
    await clearDeviceData().catch(() => undefined);
    navigate('/login', { replace: true });
  }, [navigate]);
}
