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

/** A reply with its status, and its body read as JSON (as text when it is not JSON, '' when empty). */
type HttpReply = { status: number; data: unknown };

/** The request never got an answer: the network (`network`) or the page stopping it (`aborted`). */
class TransportFailure extends Error {
  constructor(readonly reason: 'network' | 'aborted') {
    super(reason);
  }
}

/** A non-2xx reply, with what the server said. */
class StatusFailure extends Error {
  constructor(readonly reply: HttpReply) {
    super(`HTTP ${reply.status}`);
  }
}

function readBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The XSRF cookie's value, echoed on same-origin requests (as the server's CSRF check expects). */
function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return match ? decodeURIComponent(match[1] as string) : null;
}

/** `path` under `base`, as a client joining a base address and a path does (one slash between). */
function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * One POST with a JSON body, by the browser's XMLHttpRequest: nothing to download before the first
 * call leaves (axios did, behind the shell's start-up chunks: docs/decisions/data-fetching.md). No
 * time-out (SPEC.md §7); a 2xx reply resolves, any other rejects with StatusFailure.
 */
function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url, true);
    request.setRequestHeader('Content-Type', 'application/json');
    const sameOrigin = !/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith(`${window.location.origin}/`);
    const xsrf = sameOrigin ? xsrfToken() : null;
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', xsrf);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.onload = () => {
      const reply = { status: request.status, data: readBody(request.responseText) };
      if (request.status >= 200 && request.status < 300) resolve(reply);
      else reject(new StatusFailure(reply));
    };
    request.onerror = () => reject(new TransportFailure('network'));
    request.onabort = () => reject(new TransportFailure('aborted'));
    request.send(JSON.stringify(body));
  });
}

/**
 * Nothing to fetch any more: the client is the browser's own (kept because the shell's start calls
 * it; calling it is harmless).
 */
export function preloadApiClient(): void {}

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
  try {
    // The body wins: the reset calls carry their own `token` (the reset token) in place of the session's.
    const response = await postJson(
      joinUrl(baseURL, path),
      { ...(token ? { token } : {}), ...body },
      options.headers ?? {},
    );
    if (response.status === REDIRECT_STATUS) {
      const redirect = (response.data as { redirect?: unknown } | null)?.redirect;
      if (typeof redirect === 'string') {
        if (options.followRedirect !== false) navigateTo(redirect);
        throw new ApiRedirect(redirect);
      }
    }
    return response.data as TReply;
  } catch (error) {
    if (error instanceof ApiRedirect) throw error;
    const failure = toApiError(error);
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

function toApiError(error: unknown): ApiError {
  // The page stopping a request is reported as axios did (its ECONNABORTED): a time-out's message.
  if (error instanceof TransportFailure)
    return new ApiError(error.reason === 'aborted' ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE, null);
  if (!(error instanceof StatusFailure)) return new ApiError(UNKNOWN_ERROR_MESSAGE, null);
  const { status, data } = error.reply;
  const reply = (typeof data === 'object' && data !== null ? data : {}) as {
    message?: unknown;
    code?: unknown;
  };
  return new ApiError(
    typeof reply.message === 'string' && reply.message
      ? reply.message
      : `${UNKNOWN_ERROR_MESSAGE} (code ${status})`,
    status,
    typeof reply.code === 'string' ? reply.code : null,
  );
}

/** For fire-and-forget calls: failures were already shown to the user by apiPost. */
export function ignoreHandledFailure(error: unknown): void {
  if (error instanceof ApiError || error instanceof ApiRedirect) return;
  throw error;
}
