import { render, screen } from '@testing-library/react';
import { ToastHost } from '../toast/toast-host';
import { useSessionStore } from '../session/session-store';
import { apiPost, configureApiClient } from './api-client';
import { ApiError, ApiRedirect, NETWORK_ERROR_MESSAGE } from './api-error';
import { setNavigator } from './navigation';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '../testing';

type Handler = (request: TestApiRequest) => void;

let server: TestApiServer;
let handler: Handler;

beforeAll(async () => {
  server = await startTestApiServer((request) => handler(request));
});

afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: null });
});

function reply(status: number, body: unknown): Handler {
  return (request) => request.answer(status, body);
}

test('sends the stored token in the body with the payload', async () => {
  useSessionStore.getState().signIn('jeton-123');
  let received: Record<string, unknown> = {};
  handler = (request) => {
    received = request.body;
    request.answer(200, { ok: true });
  };
  await expect(apiPost('/api/organisation/get', { organisationId: 'o1' })).resolves.toEqual({ ok: true });
  expect(received).toEqual({ organisationId: 'o1', token: 'jeton-123' });
});

test('a 269 reply navigates to data.redirect', async () => {
  const navigate = jest.fn();
  setNavigator(navigate);
  handler = reply(269, { redirect: '/dashboard/nosub' });
  await expect(apiPost('/api/opportunity/get')).rejects.toBeInstanceOf(ApiRedirect);
  expect(navigate).toHaveBeenCalledWith('/dashboard/nosub');
});

test("an error reply shows the server's message in a toast", async () => {
  render(<ToastHost />);
  handler = reply(400, { message: 'Raison sociale invalide' });
  await expect(apiPost('/api/organisation/create')).rejects.toBeInstanceOf(ApiError);
  expect(await screen.findByText('Raison sociale invalide')).toBeInTheDocument();
});

test('a silent call shows nothing', async () => {
  render(<ToastHost />);
  handler = reply(500, { message: 'Erreur silencieuse' });
  await expect(apiPost('/api/prospect/load', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('Erreur silencieuse')).not.toBeInTheDocument();
});

test('an invalid session (401) clears the stored session and goes to /login', async () => {
  const navigate = jest.fn();
  setNavigator(navigate);
  useSessionStore.getState().signIn('périmé');
  localStorage.setItem('CurrentOrganisation', 'o1');
  handler = reply(401, { message: 'Session expirée, veuillez vous reconnecter' });
  await expect(apiPost('/api/verify', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('CurrentOrganisation')).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/login');
});

test('calls sent side by side with an expired session clear it and go to /login once, with the way back', async () => {
  render(<ToastHost />);
  const navigate = jest.fn();
  setNavigator(navigate);
  window.history.pushState({}, '', '/dashboard/opportunity/list/all');
  useSessionStore.getState().signIn('périmé');
  handler = reply(401, { message: 'Session expirée, veuillez vous reconnecter' });
  const calls = [apiPost('/api/verify', {}, { silent: true }), apiPost('/api/organisation/get')];
  for (const call of calls) await expect(call).rejects.toBeInstanceOf(ApiError);
  expect(localStorage.getItem('token')).toBeNull();
  expect(navigate).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith(
    `/login?next=${encodeURIComponent('/dashboard/opportunity/list/all')}`,
  );
  // The second failure belongs to a session already handled: no toast repeats what the move to /login says.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('Session expirée, veuillez vous reconnecter')).not.toBeInTheDocument();
  window.history.pushState({}, '', '/');
});

test('a token in the body (a password-reset token) is not replaced by the session token', async () => {
  useSessionStore.getState().signIn('session');
  let received: Record<string, unknown> = {};
  handler = (request) => {
    received = request.body;
    request.answer(200, { valid: true });
  };
  await apiPost('/api/verifyResetToken', { token: 'jeton-de-reinitialisation' });
  expect(received.token).toBe('jeton-de-reinitialisation');
});

test('a server that cannot be reached gives a French network message', async () => {
  configureApiClient({ baseURL: 'http://127.0.0.1:1/' });
  const jsdomReport = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(apiPost('/api/login', {}, { silent: true })).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
    });
  } finally {
    jsdomReport.mockRestore();
    configureApiClient({ baseURL: server.baseURL });
  }
});
