// The first screen's calls, sent with the session check (docs/decisions/lighthouse.md, seventh pass).
// A remote's routes module starts its first screen's calls when it is evaluated (`startFirstScreen`),
// but on a phone that module arrives and runs a second or more after the shell's start: a saved round's
// summary, the page's largest paint, waited for it. A remote may declare those calls in its build
// (`first-calls.json`, tooling/webpack/first-paint.js); the API names the ones of the page's route in a
// data block (`#first-calls`, api/src/web/first-paint.ts), and the shell sends them here, with the
// stored session's token like every call, keyed exactly as the screen's `useApiQuery` will ask.
import { matchPath } from 'react-router-dom';
import { apiPost, prefetchApiQuery, useSessionStore } from '@app/platform';

type FirstCall = { key: string; path: string; input: Record<string, string> };

function isFirstCall(value: unknown): value is FirstCall {
  if (!value || typeof value !== 'object') return false;
  const { key, path, input } = value as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    typeof path === 'string' &&
    path.startsWith('/api/') &&
    !!input &&
    typeof input === 'object' &&
    !Array.isArray(input) &&
    Object.values(input).every((item) => typeof item === 'string')
  );
}

/** The page's declaration: its route and calls, or null when there is none or it is not one. */
function declaredCalls(): { route: string; calls: FirstCall[] } | null {
  const text = document.getElementById('first-calls')?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { route?: unknown; calls?: unknown };
    if (typeof parsed.route !== 'string' || !Array.isArray(parsed.calls)) return null;
    return parsed.calls.every(isFirstCall) ? { route: parsed.route, calls: parsed.calls } : null;
  } catch {
    return null;
  }
}

const post = (path: string) => (input: Record<string, string>) => apiPost<unknown>(path, input);

/**
 * Sends the calls the page declares for its screen, quietly until the screen takes them
 * (`prefetchApiQuery`): the input is the organisation kept from the last visit, then the declared
 * values in their order (`:name` read from the address, as the screen reads its parameters), which is
 * how the screens ask. Nothing without a stored session and organisation. The screen renders only once
 * the session check has answered; an invalid session clears the store, and with it these answers.
 */
export function prefetchFirstCalls(): void {
  const { token, currentOrganisationId } = useSessionStore.getState();
  if (!token || !currentOrganisationId) return;
  const declared = declaredCalls();
  if (!declared) return;
  const match = matchPath({ path: declared.route, end: true }, window.location.pathname);
  if (!match) return;
  for (const { key, path, input } of declared.calls) {
    const values = Object.entries(input).map(([name, value]) => [
      name,
      value.startsWith(':') ? match.params[value.slice(1)] : value,
    ]);
    if (values.some(([, value]) => !value)) continue;
    prefetchApiQuery(
      post(path),
      { organisationId: currentOrganisationId, ...Object.fromEntries(values) } as Record<string, string>,
      { key },
    );
  }
}
