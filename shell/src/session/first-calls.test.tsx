import { render, screen, waitFor } from '@testing-library/react';
import { apiPost, clearApiQueries, useApiQuery, useSessionStore } from '@app/platform';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '@app/platform/testing';
import { prefetchFirstCalls } from './first-calls';

// The calls a page names for its screen (#first-calls, written by the API from the remote's build) leave
// with the shell's start, with the stored session's token, and the screen asking as it does takes them.
// Real API client against a server that holds the requests.

let server: TestApiServer;
let held: TestApiRequest[];

beforeAll(async () => {
  server = await startTestApiServer((request) => held.push(request));
});

afterAll(() => server.close());

const ROUND_CALLS = {
  route: '/dashboard/tournees/:id',
  calls: [{ key: 'round/get', path: '/api/round/get', input: { roundId: ':id' } }],
};

function declare(content: string | null): void {
  document.getElementById('first-calls')?.remove();
  if (content === null) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-calls';
  block.textContent = content;
  document.head.append(block);
}

beforeEach(() => {
  held = [];
  clearApiQueries();
  useSessionStore.getState().clearSession();
  // As at the page's start: the session and organisation kept from the last visit, not yet checked.
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1', organisations: [] });
  window.history.pushState({}, '', '/dashboard/tournees/r1');
  declare(JSON.stringify(ROUND_CALLS));
});

afterEach(() => {
  declare(null);
  window.history.pushState({}, '', '/');
});

const getRound = (input: { organisationId: string; roundId: string }) =>
  apiPost<{ round: { name: string } }>('/api/round/get', input);

function RoundName() {
  // As round-screen.tsx asks.
  const query = useApiQuery(getRound, { organisationId: 'o1', roundId: 'r1' }, { key: 'round/get' });
  return <p>{query.data?.round.name ?? 'en attente'}</p>;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test("sends the screen's call with the token and the address's segment; the screen takes its answer", async () => {
  prefetchFirstCalls();
  await waitFor(() => expect(held.map((request) => request.path)).toEqual(['/api/round/get']));
  expect(held[0]?.body).toEqual({ token: 'jeton', organisationId: 'o1', roundId: 'r1' });
  render(<RoundName />);
  held[0]?.answer(200, { round: { name: 'Tournée Lyon centre' } });
  expect(await screen.findByText('Tournée Lyon centre')).toBeInTheDocument();
  await settle();
  expect(held).toHaveLength(1);
});

test('sends nothing without a stored session or organisation', async () => {
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: null });
  prefetchFirstCalls();
  useSessionStore.setState({ token: null, currentOrganisationId: 'o1' });
  prefetchFirstCalls();
  await settle();
  expect(held).toHaveLength(0);
});

test('sends nothing for another address, an absent or unreadable declaration, a call outside the API', async () => {
  window.history.pushState({}, '', '/dashboard/tournees/r1/imprimer');
  prefetchFirstCalls();
  window.history.pushState({}, '', '/dashboard/tournees/r1');
  for (const content of [
    null,
    '{"route":',
    JSON.stringify({ route: ROUND_CALLS.route }),
    JSON.stringify({ ...ROUND_CALLS, calls: [{ key: 'x', path: 'https://ailleurs.fr/x', input: {} }] }),
    JSON.stringify({ ...ROUND_CALLS, calls: [{ key: 'x', path: '/api/x', input: { id: ':autre' } }] }),
  ]) {
    declare(content);
    prefetchFirstCalls();
  }
  await settle();
  expect(held).toHaveLength(0);
});

test('an answer no screen took is forgotten when the session check clears the session', async () => {
  prefetchFirstCalls();
  await waitFor(() => expect(held).toHaveLength(1));
  held[0]?.answer(200, { round: { name: 'Tournée Lyon centre' } });
  await settle();
  // The check said the session is not valid (the API client clears it on a 401), then a new one starts.
  useSessionStore.getState().clearSession();
  useSessionStore.setState({ token: 'autre', currentOrganisationId: 'o1', organisations: [] });
  render(<RoundName />);
  await waitFor(() => expect(held).toHaveLength(2));
  expect(held[1]?.body).toEqual({ token: 'autre', organisationId: 'o1', roundId: 'r1' });
});
