import { act, render, screen, waitFor } from '@testing-library/react';
import { apiPost } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { useSessionStore } from '../session/session-store';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '../testing';
import { ToastHost } from '../toast/toast-host';
import { clearApiQueries, prefetchApiQuery, useApiQuery } from './api-query';

// A prefetched call (asked before its screen, through the real API client and a real server) fails
// quietly until a screen takes its answer: that screen shows the server's French message, once.

let server: TestApiServer;
/** Requests the server holds until the test answers them. */
const held: TestApiRequest[] = [];

beforeAll(async () => {
  server = await startTestApiServer((request) => held.push(request));
});

afterAll(() => server.close());

beforeEach(() => {
  held.length = 0;
  clearApiQueries();
  useSessionStore.getState().clearSession();
  useSessionStore.getState().signIn('jeton');
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Une' }]);
});

type Input = { organisationId: string };
const getFigures = (input: Input) => apiPost<{ total: number }>('/api/figures', input);
const OPTIONS = { key: 'figures' };

function Figures() {
  const query = useApiQuery(getFigures, { organisationId: 'o1' }, OPTIONS);
  return <p>{query.data ? `total ${query.data.total}` : query.error ? 'échec' : 'chargement'}</p>;
}

const request = async (path: string) => {
  await waitFor(() => expect(held.map((entry) => entry.path)).toContain(path));
  return held.find((entry) => entry.path === path)!;
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

test('a prefetched call that fails before any screen takes it shows nothing; the screen taking it shows the message once', async () => {
  render(<ToastHost />);
  prefetchApiQuery(getFigures, { organisationId: 'o1' }, OPTIONS);
  (await request('/api/figures')).answer(403, { message: 'Vous n’avez pas accès aux rapports' });
  await settle();
  expect(screen.queryByText('Vous n’avez pas accès aux rapports')).not.toBeInTheDocument();

  render(<Figures />);
  expect(await screen.findByText('Vous n’avez pas accès aux rapports')).toBeInTheDocument();
  expect(screen.getByText('échec')).toBeInTheDocument();
  // Taken, not asked again: the server saw one request.
  await settle();
  expect(held).toHaveLength(1);
  expect(screen.getAllByText('Vous n’avez pas accès aux rapports')).toHaveLength(1);
});

test('a prefetched call failing after its screen took it shows the message then', async () => {
  render(<ToastHost />);
  prefetchApiQuery(getFigures, { organisationId: 'o1' }, OPTIONS);
  const sent = await request('/api/figures');
  render(<Figures />);
  expect(screen.getByText('chargement')).toBeInTheDocument();
  sent.answer(500, { message: 'Le serveur ne répond pas' });
  expect(await screen.findByText('Le serveur ne répond pas')).toBeInTheDocument();
  expect(held).toHaveLength(1);
});

test('a prefetched call no screen takes never shows its failure; a screen asking itself shows its own at once', async () => {
  render(<ToastHost />);
  prefetchApiQuery(getFigures, { organisationId: 'o2' }, OPTIONS);
  (await request('/api/figures')).answer(403, { message: 'Organisation introuvable' });
  await settle();
  expect(screen.queryByText('Organisation introuvable')).not.toBeInTheDocument();
  // Not a prefetch: the usual toast, straight from the client.
  const asked = getFigures({ organisationId: 'o3' }).catch((error: unknown) => error);
  const second = await waitFor(() => {
    expect(held).toHaveLength(2);
    return held[1]!;
  });
  second.answer(403, { message: 'Organisation introuvable' });
  await expect(asked).resolves.toBeInstanceOf(ApiError);
  expect(await screen.findByText('Organisation introuvable')).toBeInTheDocument();
});
