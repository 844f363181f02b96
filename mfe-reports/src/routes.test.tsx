import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FileReportReply, ReportChoicesReply } from '@app/domain';
import { configureApiClient, useSessionStore } from '@app/platform';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

// The page opened by its address: its calls leave when the remote's routes module is evaluated, before
// the page renders (the shell renders it once the session check answers), and the page takes them.
// Real API client and calls against a server that holds the requests; jsdom draws no canvas, so only
// chart.js's module is replaced (its loading is what is checked).

const chartRequested = jest.fn();
jest.mock('./components/chart-canvas', () => {
  chartRequested();
  return { __esModule: true, default: () => null };
});

const FILE = 'f'.repeat(24);
const FILES: FileReportReply = {
  range: { from: 0, to: 1 },
  files: [
    {
      excelId: FILE,
      name: 'Boulangeries Lyon',
      imported: 120,
      taken: 10,
      reached: 6,
      waiting: 2,
      win: 3,
      loose: 1,
      conversion: 0.3,
      medianToFirstComment: null,
      medianToWin: null,
    },
  ],
};
const CHOICES: ReportChoicesReply = {
  files: [{ excelId: FILE, name: 'Boulangeries Lyon' }],
  salespeople: [],
};

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
      // A request a failing test left held would keep the server open.
      server.closeAllConnections();
      server.close(resolve);
    }),
);

test('opened by its address, the files report asks its figures and choices and loads chart.js before it renders, then takes those answers', async () => {
  const address = `/dashboard/reports?periode=week&fichier=${FILE}`;
  window.history.pushState({}, '', address);
  // As at the page's start: the session and organisation kept from the last visit, not yet checked.
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1', organisations: [] });

  const { default: ReportsRoutes } = await import('./routes');
  await waitFor(() =>
    expect(held.map((request) => request.path).sort()).toEqual(['/api/report/files', '/api/report/filters']),
  );
  const files = held.find((request) => request.path === '/api/report/files')!;
  expect(files.body).toEqual({ token: 'jeton', organisationId: 'o1', period: 'week', excelId: FILE });
  expect(held.find((request) => request.path === '/api/report/filters')!.body).toEqual({
    token: 'jeton',
    organisationId: 'o1',
  });
  await waitFor(() => expect(chartRequested).toHaveBeenCalled());

  // The session check answers: the shell renders the page, which asks nothing more.
  act(() => useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]));
  render(
    <MemoryRouter initialEntries={[address]}>
      <ReportsRoutes />
    </MemoryRouter>,
  );
  for (const request of held) request.answer(request.path === '/api/report/files' ? FILES : CHOICES);
  const table = await screen.findByRole('table', { name: 'Conversion par fichier de prospects' });
  expect(within(table).getByText('Boulangeries Lyon')).toBeInTheDocument();
  expect(await screen.findByRole('option', { name: 'Boulangeries Lyon' })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(held).toHaveLength(2);
  window.history.pushState({}, '', '/');
});
