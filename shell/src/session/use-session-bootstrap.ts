import {
  apiPost,
  useApiQuery,
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

/** The stored session, checked (silently: an invalid one is cleared by the API client), then its organisations. */
async function verifySession({ session }: { session: string }): Promise<boolean> {
  const { user } = await apiPost<VerifyReply>('/api/verify', {}, { silent: true });
  // Signed out (or in again) meanwhile: this answer is about a session that is gone.
  if (useSessionStore.getState().token !== session) return false;
  useSessionStore.getState().setUser(user);
  await refreshOrganisations();
  return true;
}

/**
 * Checks the stored session with the server when the shell starts (SPEC.md §7 /api/verify) and loads
 * the user's organisations. An invalid session is cleared by the API client, which goes to /login.
 */
export function useSessionBootstrap(): { ready: boolean } {
  const token = useSessionStore((state) => state.token);
  // Keyed by the token (a new session is checked again), not by the organisation it loads.
  const { data } = useApiQuery(verifySession, token ? { session: token } : null, {
    key: 'verify',
    byOrganisation: false,
  });
  return { ready: Boolean(token) && data === true };
}
