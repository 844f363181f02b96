import type { AxiosInstance, AxiosStatic } from 'axios';
import { notifyError } from '../toast/notify';
import { useSessionStore } from '../session/session-store';
import { navigateTo } from './navigation';
import {
  ApiError,
  ApiRedirect,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './api-error';

/** Status the API uses to tell the client to navigate to `data.redirect` (SPEC.md §4). */
export const REDIRECT_STATUS = 269;

export type CallOptions = {
  /** Do not toast a failure (the spec lists the calls that fail silently). */
  silent?: boolean;
  /** Extra request headers (the device queue's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * false: a 269 reply is not followed (no navigation), only thrown as ApiRedirect; the device queue
   * sends in the background and reports it as a refused change instead.
   */
  followRedirect?: boolean;
};

let baseURL = '/';

// Calls started by `callQuietly` (a screen's calls asked before the screen is shown): their failure is
// not shown at once but by the screen that takes the answer (`showQuietFailure`); none if no screen does.
let quietStarts = 0;
const quietFailures = new WeakSet<ApiError>();

/** Runs `start`, whose calls to `apiPost` keep their failure's message for `showQuietFailure`. */
export function callQuietly<T>(start: () => T): T {
  quietStarts += 1;
  try {
    return start();
  } finally {
    quietStarts -= 1;
  }
}

/** Shows the French message of a failure kept by `callQuietly`, once; anything else was shown already. */
export function showQuietFailure(error: unknown): void {
  if (error instanceof ApiError && quietFailures.delete(error)) notifyError(error.message);
}
let client: Promise<{ axios: AxiosStatic; http: AxiosInstance }> | null = null;

/**
 * axios (a shared singleton, ~21 KB gz) is fetched on the first call rather than with the first screen
 * (docs/decisions/bundle-budget.md). Same origin as the shell unless configured; no time-out
 * (SPEC.md §7); XSRF cookie echoed on same-origin requests.
 */
function httpClient() {
  if (client) return client;
  client = import('axios').then(({ default: axios }) => ({
    axios,
    http: axios.create({
      timeout: 0,
      headers: { 'Content-Type': 'application/json' },
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      withXSRFToken: (config) => !config.baseURL || config.baseURL.startsWith('/'),
      validateStatus: (status) => status >= 200 && status < 300,
    }),
  }));
  // A failed download is tried again on the next call.
  client.catch(() => {
    client = null;
  });
  return client;
}

/**
 * Starts downloading axios now: the shell calls it at start-up when a session is stored, so the first
 * dashboard call does not wait for it (the login screen, with no session, does not pay for it).
 */
export function preloadApiClient(): void {
  // A failure is reported by the call that needs the client, which also tries again.
  httpClient().catch(() => undefined);
}

/** The API's base address: the shell's own origin unless a deployment puts the API elsewhere. */
export function configureApiClient(options: { baseURL: string }): void {
  baseURL = options.baseURL;
}

/** The absolute address of an API path (an EventSource takes an address, not the client). */
export function apiUrl(path: string): string {
  return new URL(path.replace(/^\//, ''), new URL(baseURL, window.location.href)).toString();
}

/**
 * POST `path` with `body` plus the session token (SPEC.md §7). Resolves with the reply's data;
 * rejects with ApiRedirect after following a 269, or ApiError after showing its French message.
 */
export async function apiPost<TReply, TBody extends object = Record<string, unknown>>(
  path: string,
  body?: TBody,
  options: CallOptions = {},
): Promise<TReply> {
  const token = useSessionStore.getState().token;
  const quiet = quietStarts > 0;
  let axios: AxiosStatic | null = null;
  try {
    const loaded = await httpClient();
    axios = loaded.axios;
    const { http } = loaded;
    // The body wins: the reset calls carry their own `token` (the reset token) in place of the session's.
    const response = await http.post<TReply>(
      path,
      { ...(token ? { token } : {}), ...body },
      options.headers ? { baseURL, headers: options.headers } : { baseURL },
    );
    if (response.status === REDIRECT_STATUS) {
      const redirect = (response.data as { redirect?: unknown }).redirect;
      if (typeof redirect === 'string') {
        if (options.followRedirect !== false) navigateTo(redirect);
        throw new ApiRedirect(redirect);
      }
    }
    return response.data;
  } catch (error) {
    if (error instanceof ApiRedirect) throw error;
    const failure = toApiError(error, axios);
    // A call sent with a session that another call already found invalid: that one handled it.
    if (failure.status === 401 && token && useSessionStore.getState().token !== token) throw failure;
    if (failure.status === 401 && token) {
      // The server no longer knows this session: forget it and start again from the login screen.
      useSessionStore.getState().clearSession();
      navigateTo(loginPathReturningHere());
    }
    if (options.silent) throw failure;
    if (quiet) quietFailures.add(failure);
    else notifyError(failure.message);
    throw failure;
  }
}

/** After logging in again, the user comes back to the screen they were on. */
function loginPathReturningHere(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return here.startsWith('/dashboard') || here.startsWith('/invitation')
    ? `/login?next=${encodeURIComponent(here)}`
    : '/login';
}

function toApiError(error: unknown, axios: AxiosStatic | null): ApiError {
  // axios itself failing to download (the network is gone) is a network error too.
  if (!axios) return new ApiError(NETWORK_ERROR_MESSAGE, null);
  if (!axios.isAxiosError(error)) return new ApiError(UNKNOWN_ERROR_MESSAGE, null);
  if (error.code === axios.AxiosError.ECONNABORTED || error.code === axios.AxiosError.ETIMEDOUT) {
    return new ApiError(TIMEOUT_ERROR_MESSAGE, null);
  }
  if (!error.response) return new ApiError(NETWORK_ERROR_MESSAGE, null);
  const data = error.response.data as { message?: unknown; code?: unknown } | undefined;
  const message = data?.message;
  return new ApiError(
    typeof message === 'string' && message
      ? message
      : `${UNKNOWN_ERROR_MESSAGE} (code ${error.response.status})`,
    error.response.status,
    typeof data?.code === 'string' ? data.code : null,
  );
}

/** For fire-and-forget calls: failures were already shown to the user by apiPost. */
export function ignoreHandledFailure(error: unknown): void {
  if (error instanceof ApiError || error instanceof ApiRedirect) return;
  throw error;
}
