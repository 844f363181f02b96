import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@app/platform';
import { createOpportunity } from '../api/create-opportunity';
import { getProspectFile } from '../api/get-prospect-file';
import { getProspects, type GetProspectsInput } from '../api/get-prospects';
import { fileDetail, prospectRow } from '../test-utils/fixtures';
import { ORGANISATION_ID, renderScreen, signInAdministrator } from '../test-utils/render-screen';
import type { ProspectRow } from '../types/prospect-file';
import { ProspectFileScreen } from './prospect-file-screen';
import { PROSPECT_ROW_HEIGHT } from './prospects-table';

jest.mock('../api/get-prospect-file');
jest.mock('../api/get-prospects');
jest.mock('../api/create-opportunity');

const getFileMock = jest.mocked(getProspectFile);
const getProspectsMock = jest.mocked(getProspects);
const createOpportunityMock = jest.mocked(createOpportunity);

const EXCEL_ID = 'f00000000000000000000001';
const ROUTE = { path: '/dashboard/prospect/show/:id', at: `/dashboard/prospect/show/${EXCEL_ID}` };
const VIEWPORT_HEIGHT = 600;

// jsdom lays nothing out: give the table's scroll area the height a browser would.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEWPORT_HEIGHT,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

/** A server holding `rows` (or `total` generated rows), answering pages and searches like the API. */
function serve(rows: ProspectRow[] | { total: number }) {
  getProspectsMock.mockImplementation(async ({ offset, limit, search }: GetProspectsInput) => {
    if (!Array.isArray(rows)) {
      const end = Math.min(rows.total, offset + limit);
      const value = Array.from({ length: Math.max(0, end - offset) }, (_, i) => prospectRow(offset + i));
      return { value, total: rows.total };
    }
    const matching = search
      ? rows.filter((row) => `${row.prospect} ${row.ville}`.toLowerCase().includes(search.toLowerCase()))
      : rows;
    return { value: matching.slice(offset, offset + limit), total: matching.length };
  });
}

beforeEach(() => {
  signInAdministrator();
  getFileMock.mockReset().mockResolvedValue({ excel: fileDetail() });
  getProspectsMock.mockReset();
  createOpportunityMock.mockReset();
});

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

test('it shows the file name, its figures and the columns of the spec', async () => {
  serve([prospectRow(0)]);
  renderScreen(<ProspectFileScreen />, ROUTE);

  expect(await screen.findByRole('heading', { name: 'Boulangeries de Lyon' })).toBeInTheDocument();
  expect(getFileMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, excelId: EXCEL_ID });
  const figures = screen.getByRole('group', { name: 'Chiffres du fichier' });
  const figureText = Array.from(figures.querySelectorAll('div')).map((item) => item.textContent);
  expect(figureText).toEqual([
    'Prospects120',
    'Opportunités4',
    'A faire1',
    'En attente1',
    'Gagné2',
    'Perdu0',
    'Taux de conversion50,00 %',
  ]);
  await screen.findByRole('cell', { name: 'Prospect 0' });
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Action',
    'Com',
    'Utilisateur',
    'Prospect',
    'Enseigne',
    'Code Postal',
    'Ville',
    'Adresse Complete',
    'Site',
    'Téléphone',
  ]);
  expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 prospect');
});

test("empty values read 'Aucun'", async () => {
  serve([prospectRow(0, { enseigne: 'Aucun', site: '', telephone: 'Aucun' })]);
  renderScreen(<ProspectFileScreen />, ROUTE);

  const row = within(await screen.findByRole('row', { name: /Prospect 0/ }));
  const cells = row.getAllByRole('cell').map((cell) => cell.textContent);
  expect(cells.slice(2)).toEqual([
    'Martin Claire',
    'Prospect 0',
    'Aucun',
    '01000',
    'Bourg-en-Bresse',
    '1 rue de la République',
    'Aucun',
    'Aucun',
  ]);
  expect(row.getAllByRole('cell')[1]).toHaveTextContent('Aucune information complémentaire');
});

test('a prospect whose SIRET is invalid shows "SIRET à vérifier" before its name, the others nothing', async () => {
  serve([prospectRow(0, { siretFlagged: true }), prospectRow(1, { siretFlagged: false }), prospectRow(2)]);
  renderScreen(<ProspectFileScreen />, ROUTE);

  const flagged = within(await screen.findByRole('row', { name: /Prospect 0/ }));
  expect(flagged.getAllByRole('cell')[3]).toHaveTextContent(/^SIRET à vérifier Prospect 0$/);
  const cell = within(flagged.getAllByRole('cell')[3] as HTMLElement);
  expect(cell.getByTitle('Prospect 0 · SIRET à vérifier')).toHaveTextContent(/^SIRET à vérifier Prospect 0$/);
  expect(screen.getAllByText('SIRET à vérifier')).toHaveLength(1);
});

test('the Action column: an add button on a free prospect, the icon of its state otherwise', async () => {
  serve([
    prospectRow(0),
    prospectRow(1, { isAccepted: true, state: 'TODO' }),
    prospectRow(2, { isAccepted: true, state: 'WAITING' }),
    prospectRow(3, { isAccepted: true, state: 'WIN' }),
    prospectRow(4, { isAccepted: true, state: 'LOOSE' }),
  ]);
  renderScreen(<ProspectFileScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Prospect 4' });

  expect(
    within(rowOf('Prospect 0')).getByRole('button', { name: 'Ajouter comme opportunité' }),
  ).toBeInTheDocument();
  expect(within(rowOf('Prospect 1')).getByRole('img', { name: 'En cours' })).toBeInTheDocument();
  expect(within(rowOf('Prospect 2')).getByRole('img', { name: 'En cours' })).toBeInTheDocument();
  expect(within(rowOf('Prospect 3')).getByRole('img', { name: 'Gagné' })).toBeInTheDocument();
  expect(within(rowOf('Prospect 4')).getByRole('img', { name: 'Perdu' })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Ajouter comme opportunité' })).toHaveLength(1);
});

test('the add button creates the opportunity, turns into the waiting icon and refreshes the figures', async () => {
  serve([prospectRow(0)]);
  createOpportunityMock.mockResolvedValue({ opportunityId: 'o1', state: 'TODO' });
  renderScreen(<ProspectFileScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Prospect 0' });
  getFileMock.mockResolvedValue({
    excel: fileDetail({
      stats: { prospects: 120, opportunities: 5, todo: 2, waiting: 1, win: 2, loose: 0, conversion: 0.4 },
    }),
  });

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter comme opportunité' }));

  expect(createOpportunityMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    prospectId: prospectRow(0)._id,
  });
  expect(await within(rowOf('Prospect 0')).findByRole('img', { name: 'En cours' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ajouter comme opportunité' })).not.toBeInTheDocument();
  expect(await screen.findByText('40,00 %')).toBeInTheDocument();
});

test('when the server refuses, the add button stays', async () => {
  serve([prospectRow(0)]);
  createOpportunityMock.mockRejectedValue(new ApiError('Ce prospect est déjà une opportunité', 409));
  renderScreen(<ProspectFileScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Prospect 0' });

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter comme opportunité' }));

  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Ajouter comme opportunité' })).toBeEnabled(),
  );
});

test('the search asks the server once typing pauses, and shows what it found', async () => {
  serve([prospectRow(0, { prospect: 'Boulangerie Dupont' }), prospectRow(1, { prospect: 'Garage Martin' })]);
  renderScreen(<ProspectFileScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Garage Martin' });

  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un prospect' }), 'boulangerie');

  expect(await screen.findByText('1 prospect trouvé')).toBeInTheDocument();
  expect(screen.queryByRole('cell', { name: 'Garage Martin' })).not.toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Boulangerie Dupont' })).toBeInTheDocument();
  const searches = getProspectsMock.mock.calls.map(([input]) => input.search).filter(Boolean);
  expect(searches).toEqual(['boulangerie']);
  expect(getProspectsMock).toHaveBeenLastCalledWith({
    organisationId: ORGANISATION_ID,
    excelId: EXCEL_ID,
    search: 'boulangerie',
    offset: 0,
    limit: 500,
  });
});

test('a search that finds nothing says so', async () => {
  serve([prospectRow(0)]);
  renderScreen(<ProspectFileScreen />, ROUTE);
  await screen.findByRole('cell', { name: 'Prospect 0' });

  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un prospect' }), 'zzz');

  expect(await screen.findByText('Aucun prospect ne correspond à votre recherche.')).toBeInTheDocument();
});

test('with 100,000 rows, only a window of rows is in the page, fetched by page as the user scrolls', async () => {
  serve({ total: 100_000 });
  renderScreen(<ProspectFileScreen />, ROUTE);

  expect(await screen.findByRole('cell', { name: 'Prospect 0' })).toBeInTheDocument();
  expect(screen.getByText('100 000 prospects')).toBeInTheDocument();
  const table = screen.getByRole('table');
  expect(table).toHaveAttribute('aria-rowcount', '100001');
  const rendered = within(table).getAllByRole('row').length - 1;
  expect(rendered).toBeGreaterThan(VIEWPORT_HEIGHT / PROSPECT_ROW_HEIGHT);
  expect(rendered).toBeLessThan(60);
  expect(getProspectsMock.mock.calls.map(([input]) => input.offset)).toEqual(
    expect.not.arrayContaining([500, 1000]),
  );

  const scroller = screen.getByRole('region', { name: 'Prospects du fichier Boulangeries de Lyon' });
  act(() => {
    scroller.scrollTop = 60_000 * PROSPECT_ROW_HEIGHT;
    fireEvent.scroll(scroller);
  });

  expect(await screen.findByRole('cell', { name: 'Prospect 60005' })).toBeInTheDocument();
  const row = screen.getByRole('cell', { name: 'Prospect 60005' }).closest('tr');
  expect(row).toHaveAttribute('aria-rowindex', '60007');
  expect(screen.queryByRole('cell', { name: 'Prospect 0' })).not.toBeInTheDocument();
  expect(within(table).getAllByRole('row').length - 1).toBeLessThan(60);
  const offsets = getProspectsMock.mock.calls.map(([input]) => input.offset);
  expect(offsets).toContain(60_000);
  expect(getProspectsMock.mock.calls.every(([input]) => input.limit === 500)).toBe(true);
  // Pages between the two windows were never asked for.
  expect(offsets).not.toContain(30_000);
});

test("a file that does not exist or is someone else's private file says so", async () => {
  serve([]);
  getFileMock.mockRejectedValue(new ApiError('Fichier introuvable', 404));
  renderScreen(<ProspectFileScreen />, ROUTE);

  expect(await screen.findByRole('heading', { name: 'Fichier introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retour aux fichiers de prospection' })).toHaveAttribute(
    'href',
    '/dashboard/prospect/list',
  );
});

test('the Com column counts the extra information and shows it', async () => {
  serve([
    prospectRow(0, {
      value: JSON.stringify({
        'Chiffre d’affaires': '1,2 M€',
        Commentaire: 'Rappeler en mars',
        Vide: 'Aucun',
        contact: [{ civilite: 'Mme.', surname: 'Durand', name: 'Léa', fonction: 'Gérante' }],
      }),
    }),
  ]);
  renderScreen(<ProspectFileScreen />, ROUTE);

  await userEvent.click(await screen.findByRole('button', { name: '3 informations complémentaires' }));

  const dialog = screen.getByRole('dialog', { name: 'Informations complémentaires — Prospect 0' });
  expect(dialog).toHaveTextContent('Chiffre d’affaires1,2 M€');
  expect(dialog).toHaveTextContent('CommentaireRappeler en mars');
  expect(dialog).toHaveTextContent('Mme. Durand Léa — Gérante');
  expect(dialog).not.toHaveTextContent('Vide');
});
