import { useEffect, useState } from 'react';
import {
  apiPost,
  ignoreHandledFailure,
  useSessionStore,
  type OrganisationSummary,
  type SessionUser,
} from '@app/platform';

type VerifyReply = { user: SessionUser };
type OrganisationsReply = { organisations: OrganisationSummary[] };

/** Reloads the organisations into the session store (after a creation or a join, say). */
export async function refreshOrganisations(): Promise<void> {
  const { organisations } = await apiPost<OrganisationsReply>('/api/organisation/get');
  useSessionStore.getState().setOrganisations(organisations);
}

/**
 * Checks the stored session with the server when the shell starts (SPEC.md §7 /api/verify) and loads
 * the user's organisations. An invalid session is cleared by the API client, which goes to /login.
 */
export function useSessionBootstrap(): { ready: boolean } {
  const token = useSessionStore((state) => state.token);
  const [verifiedToken, setVerifiedToken] = useState<string | null>(null);

  useEffect(() => {
    if (!token || token === verifiedToken) return;
    let cancelled = false;
    (async () => {
      const { user } = await apiPost<VerifyReply>('/api/verify', {}, { silent: true });
      if (cancelled) return;
      useSessionStore.getState().setUser(user);
      await refreshOrganisations();
      if (!cancelled) setVerifiedToken(token);
    })().catch(ignoreHandledFailure);
    return () => {
      cancelled = true;
    };
  }, [token, verifiedToken]);

  return { ready: Boolean(token) && token === verifiedToken };
}
