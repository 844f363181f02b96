import type { FileReportReply } from '@app/domain';
import { clearApiQueries, useSessionStore } from '@app/platform';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { getReportChoices } from '../../../api/get-report-choices';
import { getFilesReport } from '../api/get-files-report';
import { FilesReport } from './files-report';

jest.mock('../api/get-files-report');
jest.mock('../../../api/get-report-choices');
// jsdom draws no canvas: the chart's drawing is left out, its table alternative is what is checked.
jest.mock('../../../components/chart-canvas', () => ({ __esModule: true, default: () => null }));

const FILE = 'f'.repeat(24);
const USER = 'e'.repeat(24);
const REPLY: FileReportReply = {
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
      medianToFirstComment: 3 * 60 * 60 * 1000,
      medianToWin: 5 * 24 * 60 * 60 * 1000,
    },
  ],
};

function Location() {
  const location = useLocation();
  return <output aria-label="adresse">{location.pathname + location.search}</output>;
}

beforeEach(() => {
  clearApiQueries();
  useSessionStore.getState().signIn('jeton');
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  jest.mocked(getFilesReport).mockResolvedValue(REPLY);
  jest.mocked(getReportChoices).mockResolvedValue({
    files: [{ excelId: FILE, name: 'Boulangeries Lyon' }],
    salespeople: [{ userId: USER, username: 'Martin Paul' }],
  });
});

test('the files report shows each figure, asks with the URL’s filters and keeps a change of filter in the URL', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/dashboard/reports?periode=week&fichier=${FILE}`]}>
      <Routes>
        <Route path="/dashboard/reports" element={<FilesReport />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  const table = await screen.findByRole('table', { name: 'Conversion par fichier de prospects' });
  const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  expect(cells).toEqual([
    'Boulangeries Lyon',
    '120',
    '10',
    '6',
    '2',
    '3',
    '1',
    '30\u00a0%',
    '3,0 h',
    '5,0 j',
  ]);
  expect(getFilesReport).toHaveBeenCalledWith({ organisationId: 'o1', period: 'week', excelId: FILE });
  expect(document.title).toBe('Rapports · Fichiers de prospects — Prospection');
  // The funnel's figures, as a table.
  const funnel = screen.getByRole('table', { name: 'Entonnoir des fichiers' });
  expect(
    within(funnel)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['LibelléProspects', 'Importées120', 'Prises10', 'Jointes6', 'Gagnées3']);

  await user.selectOptions(await screen.findByLabelText('Commercial'), 'Martin Paul');
  expect(screen.getByRole('status', { name: 'adresse' }).textContent).toBe(
    `/dashboard/reports?periode=week&fichier=${FILE}&commercial=${USER}`,
  );
  expect(screen.getByRole('link', { name: 'Commerciaux' })).toHaveAttribute(
    'href',
    `/dashboard/reports/commerciaux?periode=week&fichier=${FILE}&commercial=${USER}`,
  );
});
