import './fake-device';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setNavigator } from '../api/navigation';
import { useSessionStore } from '../session/session-store';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '../testing';
import { DEVICE_DB_NAME } from './device-store';
import { OfflineBanner } from './offline-banner';
import {
  clearDeviceData,
  dismissRefused,
  enqueueChange,
  flushQueue,
  LICENCE_REFUSED_REASON,
  resetOfflineQueue,
  unsentChangesQuestion,
  useOfflineState,
} from './offline-queue';

type Received = { path: string; key: string | undefined; body: Record<string, unknown> };
type Handler = (received: Received, request: TestApiRequest) => void;

let server: TestApiServer;
let handler: Handler;
let received: Received[];

const ok: Handler = (_received, request) => request.answer(200, { ok: true });

beforeAll(async () => {
  server = await startTestApiServer((request) => {
    const entry = {
      path: request.path,
      key: request.headers['idempotency-key'] as string | undefined,
      body: request.body,
    };
    received.push(entry);
    handler(entry, request);
  });
});

afterAll(() => server.close());

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}

function goOnline() {
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

beforeEach(async () => {
  received = [];
  handler = ok;
  online = true;
  await clearDeviceData();
  resetOfflineQueue();
  useSessionStore.setState({ token: 'jeton-1', user: { _id: 'u1', email: 'a@b.fr', username: 'Marie' } });
});

const change = (n: number) => ({
  path: `/api/opportunity/change-${n}`,
  body: { organisationId: 'o1', opportunityId: 'op1', n },
  label: `Modification ${n}`,
  kind: 'state',
  target: 'op1',
});

test('changes made offline are kept and sent in the order they were made, each with its own key, when the network returns', async () => {
  goOffline();
  const { result } = renderHook(() => useOfflineState());
  await act(() => enqueueChange(change(1)));
  await act(() => enqueueChange(change(2)));
  await act(() => enqueueChange(change(3)));
  expect(result.current.pending.map((queued) => queued.label)).toEqual([
    'Modification 1',
    'Modification 2',
    'Modification 3',
  ]);
  expect(received).toHaveLength(0);

  goOnline();
  await waitFor(() => expect(result.current.pending).toHaveLength(0));
  expect(received.map((entry) => entry.path)).toEqual([
    '/api/opportunity/change-1',
    '/api/opportunity/change-2',
    '/api/opportunity/change-3',
  ]);
  const keys = received.map((entry) => entry.key);
  expect(new Set(keys).size).toBe(3);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // The token is added when sent, never kept on the device.
  expect(received[0]?.body).toEqual({ organisationId: 'o1', opportunityId: 'op1', n: 1, token: 'jeton-1' });
});

test('a network state the browser changed without telling is shown within seconds', async () => {
  render(<OfflineBanner />);
  expect(screen.queryByText('Hors ligne')).not.toBeInTheDocument();
  // No 'offline' event, as Chromium 150 for a page reloaded with no network.
  online = false;
  expect(await screen.findByText('Hors ligne', {}, { timeout: 5_000 })).toBeInTheDocument();
  online = true;
  await waitFor(() => expect(screen.queryByText('Hors ligne')).not.toBeInTheDocument(), { timeout: 5_000 });
});

test('after a try that got no answer, the same change is sent again with the same key, before the next one', async () => {
  let calls = 0;
  handler = (entry, request) => {
    calls += 1;
    if (calls === 1) request.drop();
    else ok(entry, request);
  };
  goOffline();
  await enqueueChange(change(1));
  await enqueueChange(change(2));
  online = true;
  await flushQueue();
  expect(received).toHaveLength(1);
  await flushQueue();
  expect(received.map((entry) => entry.path)).toEqual([
    '/api/opportunity/change-1',
    '/api/opportunity/change-1',
    '/api/opportunity/change-2',
  ]);
  expect(received[1]?.key).toBe(received[0]?.key);
  expect(received[2]?.key).not.toBe(received[0]?.key);
});

test('a change the server refuses is kept with its French reason until dismissed, and the next ones are still sent', async () => {
  handler = (entry, request) => {
    if (entry.path.endsWith('change-1')) {
      request.answer(403, { message: 'Cette opportunité a été confiée à un collègue', code: 'FORBIDDEN' });
    } else ok(entry, request);
  };
  goOffline();
  await enqueueChange(change(1));
  await enqueueChange(change(2));
  online = true;
  await flushQueue();
  expect(received.map((entry) => entry.path)).toEqual([
    '/api/opportunity/change-1',
    '/api/opportunity/change-2',
  ]);

  // Kept on the device: read again as after a reload.
  resetOfflineQueue();
  render(<OfflineBanner />);
  expect(await screen.findByText('1 modification refusée par le serveur')).toBeInTheDocument();
  expect(screen.getByText(/Cette opportunité a été confiée à un collègue/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /J’ai compris/ }));
  await waitFor(() => expect(screen.queryByText(/confiée à un collègue/)).not.toBeInTheDocument());
  resetOfflineQueue();
  const { result } = renderHook(() => useOfflineState());
  await act(() => flushQueue());
  expect(result.current.refused).toHaveLength(0);
});

test('a change refused because the licence was removed is explained, without leaving the screen', async () => {
  const navigate = jest.fn();
  setNavigator(navigate);
  handler = (_entry, request) => request.answer(269, { redirect: '/dashboard/nosub' });
  const { result } = renderHook(() => useOfflineState());
  await act(async () => {
    await enqueueChange(change(1));
    await flushQueue();
  });
  expect(result.current.refused.map((refused) => refused.reason)).toEqual([LICENCE_REFUSED_REASON]);
  expect(navigate).not.toHaveBeenCalled();
  await act(() => dismissRefused(result.current.refused[0]?.id ?? ''));
  expect(result.current.refused).toHaveLength(0);
});

test('a server failure (5xx) keeps the change waiting for another try', async () => {
  handler = (_entry, request) => request.answer(500, { message: 'Erreur interne' });
  const { result } = renderHook(() => useOfflineState());
  await act(async () => {
    await enqueueChange(change(1));
    await flushQueue();
  });
  expect(result.current.pending).toHaveLength(1);
  expect(result.current.refused).toHaveLength(0);
});

test('another user signing in on the device does not send the changes of the previous one', async () => {
  goOffline();
  await enqueueChange(change(1));
  useSessionStore.setState({ token: 'jeton-2', user: { _id: 'u2', email: 'c@d.fr', username: 'Paul' } });
  online = true;
  const { result } = renderHook(() => useOfflineState());
  await act(() => flushQueue());
  expect(received).toHaveLength(0);
  expect(result.current.pending).toHaveLength(0);
});

test('the banner says "Hors ligne — N modifications en attente", with the singular for one', async () => {
  goOffline();
  render(<OfflineBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne');
  await act(() => enqueueChange(change(1)));
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 1 modification en attente');
  await act(() => enqueueChange(change(2)));
  await act(() => enqueueChange(change(3)));
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 3 modifications en attente');
});

test('signing out asks first when changes are waiting, then the device forgets every kept change', async () => {
  goOffline();
  await enqueueChange(change(1));
  await enqueueChange(change(2));
  const { result } = renderHook(() => useOfflineState());
  await waitFor(() => expect(result.current.pending).toHaveLength(2));
  expect(unsentChangesQuestion()).toMatch(/^2 modifications n’ont pas encore été envoyées/);
  expect(unsentChangesQuestion(1)).toMatch(/^1 modification n’a pas encore été envoyée/);

  await act(() => clearDeviceData());
  expect(result.current.pending).toHaveLength(0);
  expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(DEVICE_DB_NAME);
  resetOfflineQueue();
  online = true;
  await act(() => flushQueue());
  expect(received).toHaveLength(0);
  expect(unsentChangesQuestion()).toBeNull();
});
