import type { RoundReply } from '@app/domain';
import { useApiQuery, useSessionStore } from '@app/platform';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '@app/platform/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { getRound } from './features/rounds/api/get-round';

// A saved round opened by its address: its call leaves when the remote's routes module is evaluated,
// before the shell renders the screen (once the session check answers), and a reader asking as the
// round screen does (round-screen.tsx: same call, input and key) takes that answer. Real API client
// against a server that holds the requests.

let server: TestApiServer;
/** Requests the server holds until the test answers them. */
const held: TestApiRequest[] = [];

beforeAll(async () => {
  server = await startTestApiServer((request) => held.push(request));
});

afterAll(() => server.close());

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
  held[0]?.answer(200, ROUND);
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
