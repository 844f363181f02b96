import { useEffect } from 'react';
import {
  ApiError,
  apiPost,
  notifyError,
  prefetchApiQuery,
  useApiQuery,
  useSessionStore,
  type OrganisationSummary,
  type SessionUser,
} from '@app/platform';

type VerifyReply = { user: SessionUser };
type OrganisationsReply = { organisations: OrganisationSummary[] };
type SessionCheck = { user: SessionUser; organisations: OrganisationsReply['organisations'] };

/** Reloads the organisations into the session store (after a creation or a join, say). */
export async function refreshOrganisations(): Promise<void> {
  const { organisations } = await apiPost<OrganisationsReply>('/api/organisation/get');
  useSessionStore.getState().setOrganisations(organisations);
}

/**
 * The stored session, checked (silently: an invalid one is cleared by the API client), and its
 * organisations, asked side by side: the screen's own calls wait for both, so one round trip is saved.
 */
async function checkSession(): Promise<SessionCheck> {
  // Silent too: with an expired session it fails like the check, which sends the user to /login quietly.
  const organisationsCall = apiPost<OrganisationsReply>('/api/organisation/get', {}, { silent: true });
  organisationsCall.catch(() => undefined);
  const { user } = await apiPost<VerifyReply>('/api/verify', {}, { silent: true });
  try {
    const { organisations } = await organisationsCall;
    return { user, organisations };
  } catch (error) {
    // The session is valid: any other failure of the organisations is the user's to see.
    if (error instanceof ApiError && error.status !== 401) notifyError(error.message);
    throw error;
  }
}

// Keyed by the token (a new session is checked again), not by the organisation it loads.
const SESSION_CHECK = { key: 'verify', byOrganisation: false, offline: true } as const;

/**
 * Starts the session check before the first screen's code is loaded (the shell's start): the screen's
 * own calls then leave as soon as it renders, instead of after two more round trips.
 */
export function prefetchSessionCheck(): void {
  const token = useSessionStore.getState().token;
  if (token) prefetchApiQuery(checkSession, { session: token }, SESSION_CHECK);
}

/**
 * Checks the stored session with the server when the shell starts (SPEC.md §7 /api/verify) and loads
 * the user's organisations. An invalid session is cleared by the API client, which goes to /login.
 * The answer is kept on the device, so a phone with no network reopens the app on the last check
 * (docs/decisions/offline-day.md); signing out deletes it.
 */
export function useSessionBootstrap(): { ready: boolean } {
  const token = useSessionStore((state) => state.token);
  const { data } = useApiQuery(checkSession, token ? { session: token } : null, SESSION_CHECK);
  const user = useSessionStore((state) => state.user);
  useEffect(() => {
    if (!data || !token) return;
    const store = useSessionStore.getState();
    store.setUser(data.user);
    store.setOrganisations(data.organisations);
  }, [data, token]);
  // Ready once the check's answer is in the store (signing out clears the user, so a new session waits).
  return { ready: Boolean(token) && data !== undefined && user !== null };
}
