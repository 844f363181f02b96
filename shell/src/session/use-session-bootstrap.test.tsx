import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook, waitFor } from '@testing-library/react';
import { clearApiQueries, configureApiClient, useSessionStore } from '@app/platform';
import { prefetchSessionCheck, useSessionBootstrap } from './use-session-bootstrap';

// A real HTTP server: the order in which the shell's start calls reach it is what is checked.
let server: Server;
let arrivals: string[];
let releaseVerify: () => void;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-XSRF-TOKEN');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    request.resume();
    request.on('end', () => {
      arrivals.push(request.url ?? '');
      const answer = (body: unknown) =>
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/api/verify') {
        releaseVerify = () => answer({ user: { _id: 'u1', email: 'lea@exemple.fr', username: 'Léa' } });
      } else {
        answer({ organisations: [{ _id: 'o1', name: 'Exemple SARL', role: null }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  arrivals = [];
  clearApiQueries();
  useSessionStore.getState().clearSession();
  useSessionStore.getState().signIn('jeton');
});

test('asks the organisations while the session is being checked, and is ready with both', async () => {
  const { result } = renderHook(() => useSessionBootstrap());
  // The session check is held by the server: the organisations are asked without waiting for it.
  await waitFor(() =>
    expect(arrivals).toEqual(expect.arrayContaining(['/api/verify', '/api/organisation/get'])),
  );
  expect(result.current.ready).toBe(false);
  releaseVerify();
  await waitFor(() => expect(result.current.ready).toBe(true));
  expect(useSessionStore.getState().user?.username).toBe('Léa');
  expect(useSessionStore.getState().organisations.map(({ name }) => name)).toEqual(['Exemple SARL']);
});

test("a check started at the shell's start is the one the dashboard waits for: nothing is asked twice", async () => {
  prefetchSessionCheck();
  await waitFor(() => expect(arrivals).toHaveLength(2));
  releaseVerify();
  const { result } = renderHook(() => useSessionBootstrap());
  await waitFor(() => expect(result.current.ready).toBe(true));
  expect(arrivals.filter((url) => url === '/api/verify')).toHaveLength(1);
  expect(arrivals.filter((url) => url === '/api/organisation/get')).toHaveLength(1);
});
