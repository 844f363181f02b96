import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoundReply } from '@app/domain';
import { configureApiClient, useApiQuery, useSessionStore } from '@app/platform';
import { render, screen, waitFor } from '@testing-library/react';
import { getRound } from './features/rounds/api/get-round';

// A saved round opened by its address: its call leaves when the remote's routes module is evaluated,
// before the shell renders the screen (once the session check answers), and a reader asking as the
// round screen does (round-screen.tsx: same call, input and key) takes that answer. Real API client
// against a server that holds the requests.

let server: Server;
const held: { path: string; body: Record<string, unknown>; answer: (body: unknown) => void }[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-XSRF-TOKEN');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () =>
      held.push({
        path: request.url ?? '',
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
        answer: (body) =>
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});

afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

const ROUND: RoundReply = {
  round: {
    _id: 'r1',
    name: 'Tournée Lyon centre',
    start: { label: '1 place Bellecour 69002 Lyon', lat: 45.7578, lng: 4.832 },
    stops: [],
    createdAt: 1,
    updatedAt: 1,
  },
};

function RoundName() {
  const query = useApiQuery(getRound, { organisationId: 'o1', roundId: 'r1' }, { key: 'round/get' });
  return <p>{query.data?.round.name ?? 'en attente'}</p>;
}

test('opened by its address, a saved round asks for itself before its screen renders, which takes the answer', async () => {
  window.history.pushState({}, '', '/dashboard/tournees/r1');
  // As at the page's start: the session and organisation kept from the last visit, not yet checked.
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1', organisations: [] });
  await import('./routes');
  await waitFor(() => expect(held.map((request) => request.path)).toEqual(['/api/round/get']));
  expect(held[0]?.body).toEqual({ token: 'jeton', organisationId: 'o1', roundId: 'r1' });

  render(<RoundName />);
  held[0]?.answer(ROUND);
  expect(await screen.findByText('Tournée Lyon centre')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(held).toHaveLength(1);
  window.history.pushState({}, '', '/');
});

test('the new round and the day are not taken for a saved round', async () => {
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1', organisations: [] });
  for (const address of ['/dashboard/tournees/nouvelle', '/dashboard/tournees/ma-journee']) {
    window.history.pushState({}, '', address);
    await jest.isolateModulesAsync(async () => {
      await import('./routes');
    });
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(held).toHaveLength(1);
  window.history.pushState({}, '', '/');
});
