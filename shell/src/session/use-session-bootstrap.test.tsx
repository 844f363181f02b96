import { renderHook, waitFor } from '@testing-library/react';
import { clearApiQueries, useSessionStore } from '@app/platform';
import { startTestApiServer, type TestApiServer } from '@app/platform/testing';
import { prefetchSessionCheck, useSessionBootstrap } from './use-session-bootstrap';

// A real HTTP server: the order in which the shell's start calls reach it is what is checked.
let server: TestApiServer;
let arrivals: string[];
let releaseVerify: () => void;

beforeAll(async () => {
  server = await startTestApiServer((request) => {
    arrivals.push(request.path);
    if (request.path === '/api/verify') {
      releaseVerify = () =>
        request.answer(200, { user: { _id: 'u1', email: 'lea@exemple.fr', username: 'Léa' } });
    } else {
      request.answer(200, { organisations: [{ _id: 'o1', name: 'Exemple SARL', role: null }] });
    }
  });
});

afterAll(() => server.close());

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
