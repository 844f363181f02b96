// A page opened on a remote's address: the remote's routes module is loaded before the shell's first
// render, while the session check is on its way. What the first screen needs (its code, its calls,
// a library it draws with) starts from there, not once the screen renders after the session check
// (docs/decisions/data-fetching.md, "Asked before a screen reads it").
import { matchRoutes, type Params } from 'react-router-dom';
import { useSessionStore } from '../session/session-store';

export type FirstScreenAddress = {
  params: Params;
  /** The address's query (a screen whose filters live in the URL asks with them). */
  search: URLSearchParams;
  /** The organisation kept from the last visit: the one the screen's calls will be asked for. */
  organisationId: string;
};

export type FirstScreen = {
  /** The route's path, as in the module's `<Route path>`. */
  path: string;
  /** Starts the screen's code, calls (`prefetchApiQuery`, keyed as its `useApiQuery`) and libraries. */
  start?: (address: FirstScreenAddress) => void;
};

/**
 * Called once by a remote's routes module when it is evaluated: the screen of the address the page
 * was opened on starts what it needs. Nothing without a stored session and organisation (the login
 * screen, a first visit): the screen asks as usual. A failure is the screen's to report when it asks.
 */
export function startFirstScreen(screens: readonly FirstScreen[]): void {
  if (typeof window === 'undefined') return;
  const { token, currentOrganisationId } = useSessionStore.getState();
  if (!token || !currentOrganisationId) return;
  const [first] = matchRoutes([...screens], window.location.pathname) ?? [];
  first?.route.start?.({
    params: first.params,
    search: new URLSearchParams(window.location.search),
    organisationId: currentOrganisationId,
  });
}
