import type { FileReportReply, ReportChoicesReply } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { startTestApiServer, type TestApiRequest, type TestApiServer } from '@app/platform/testing';
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

let server: TestApiServer;
/** Requests the server holds until the test answers them. */
const held: TestApiRequest[] = [];

beforeAll(async () => {
  server = await startTestApiServer((request) => held.push(request));
});

afterAll(() => server.close());

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
  for (const request of held) request.answer(200, request.path === '/api/report/files' ? FILES : CHOICES);
  const table = await screen.findByRole('table', { name: 'Conversion par fichier de prospects' });
  expect(within(table).getByText('Boulangeries Lyon')).toBeInTheDocument();
  expect(await screen.findByRole('option', { name: 'Boulangeries Lyon' })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(held).toHaveLength(2);
  window.history.pushState({}, '', '/');
});
