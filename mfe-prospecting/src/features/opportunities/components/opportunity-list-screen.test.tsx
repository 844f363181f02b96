import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPPORTUNITY_PAGE_SIZE, type OpportunityView } from '@app/domain';
import { ApiError, clearApiQueries, readOpportunityIds, useSessionStore } from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import { postMessage } from '../../../api/post-message';
import { setWaiting } from '../../../api/set-waiting';
import { exportFilter } from '../api/export-filter';
import { getAllCount } from '../api/get-all-count';
import { getWithFilter, type GetWithFilterInput } from '../../../api/get-with-filter';
import { PAGE_DELAY_MS } from '../../../hooks/use-opportunity-list';
import { messageView, opportunities, opportunityView } from '../../../test-utils/list-fixtures';
import { renderList } from '../test-utils/render-list';
import {
  ORGANISATION_ID,
  OTHER_ORGANISATION_ID,
  signInAdministrator,
} from '../../../test-utils/administrator';
import { fakeLayout } from '../../../test-utils/fake-layout';
import { UTF8_BOM } from '../../../utils/download-csv';

jest.mock('../api/get-all-count');
jest.mock('../../../api/get-with-filter');
jest.mock('../api/export-filter');
jest.mock('../../../api/get-statuses');
jest.mock('../../../api/set-waiting');
jest.mock('../../../api/post-message');

const getAllCountMock = jest.mocked(getAllCount);
const getWithFilterMock = jest.mocked(getWithFilter);
const exportFilterMock = jest.mocked(exportFilter);

const COUNTS = { all: 12, todo: 5, waiting: 4, loose: 1, win: 2 };

fakeLayout();

/** A server holding `rows` for every list, answering by position like the API. */
function serve(rows: OpportunityView[]) {
  getWithFilterMock.mockImplementation(async ({ startId, endId }: GetWithFilterInput) => {
    const end = Math.min(rows.length, endId);
    return { opportunitys: rows.slice(startId, end), itsFinish: end >= rows.length };
  });
}

beforeEach(() => {
  sessionStorage.clear();
  signInAdministrator();
  clearApiQueries();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: [] });
  getAllCountMock.mockReset().mockResolvedValue(COUNTS);
  getWithFilterMock.mockReset();
  exportFilterMock.mockReset();
});

const cards = () => screen.queryAllByRole('article');
const cardNames = () => cards().map((card) => card.getAttribute('aria-label'));

async function openFilters(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: /^Filtres/ }));
  return screen.getByRole('region', { name: 'Filtres' });
}

function option(panel: HTMLElement, group: string, name: RegExp | string) {
  return within(within(panel).getByRole('group', { name: new RegExp(`^${group}`) })).getByRole('checkbox', {
    name,
  });
}

test('the five tabs show their counts and the current one is selected', async () => {
  serve([]);
  renderList('/dashboard/opportunity/list/todo');
  expect(await screen.findByRole('tab', { name: 'A faire 5' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Toute Opportunités 12',
    'A faire 5',
    'En attente 4',
    'Perdu 1',
    'Gagné 2',
  ]);
  expect(getAllCountMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
});

test("the browser tab names the list: 'Opportunités · À faire — Prospection'", async () => {
  serve([]);
  renderList('/dashboard/opportunity/list/todo');
  await screen.findByRole('tab', { name: 'A faire 5' });
  expect(document.title).toBe('Opportunités · À faire — Prospection');
  await userEvent.click(screen.getByRole('tab', { name: 'Gagné 2' }));
  await waitFor(() => expect(document.title).toBe('Opportunités · Gagnées — Prospection'));
});

test('an unknown filter redirects to /dashboard/opportunity/list/all', async () => {
  serve([]);
  renderList('/dashboard/opportunity/list/nimportequoi');
  expect(await screen.findByRole('tab', { name: /Toute Opportunités/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The counts' answer renders as a transition: the list is asked for once it has.
  await waitFor(() =>
    expect(getWithFilterMock).toHaveBeenCalledWith(expect.objectContaining({ filter: { state: 'all' } })),
  );
});

test('a spinner shows while loading, then "Aucun résultat" for an empty list', async () => {
  let answer: (page: { opportunitys: OpportunityView[]; itsFinish: boolean }) => void = () => undefined;
  getWithFilterMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderList('/dashboard/opportunity/list/win');
  expect(screen.getByRole('status', { name: 'Chargement des opportunités' })).toBeInTheDocument();
  // The list is asked once the tabs' counts said it is small enough to load whole.
  await waitFor(() => expect(getWithFilterMock).toHaveBeenCalled());
  expect(screen.getByRole('status', { name: 'Chargement des opportunités' })).toBeInTheDocument();
  await act(async () => answer({ opportunitys: [], itsFinish: true }));
  expect(screen.getByText('Aucun résultat')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Chargement des opportunités' })).not.toBeInTheDocument();
});

test('pages of 500 are asked every 50 ms until itsFinish, then no more', async () => {
  jest.useFakeTimers();
  try {
    serve(opportunities(1_200));
    renderList('/dashboard/opportunity/list/todo', { strict: false });
    await act(async () => undefined);
    const ranges = () => getWithFilterMock.mock.calls.map(([input]) => [input.startId, input.endId]);
    expect(ranges()).toEqual([[0, OPPORTUNITY_PAGE_SIZE]]);
    await act(async () => jest.advanceTimersByTime(PAGE_DELAY_MS - 1));
    expect(ranges()).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(ranges()).toEqual([
      [0, 500],
      [500, 1000],
    ]);
    await act(async () => jest.advanceTimersByTime(PAGE_DELAY_MS));
    expect(ranges()).toEqual([
      [0, 500],
      [500, 1000],
      [1000, 1500],
    ]);
    await act(async () => jest.advanceTimersByTime(10 * PAGE_DELAY_MS));
    expect(ranges()).toHaveLength(3);
    expect(getWithFilterMock).toHaveBeenCalledWith(
      expect.objectContaining({ organisationId: ORGANISATION_ID, filter: { state: 'todo' } }),
    );
    expect(screen.getByText('1 200 opportunités')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('a slow answer delays the next page: a request every 50 ms counted from the previous one, never two at once', async () => {
  jest.useFakeTimers();
  try {
    const rows = opportunities(1_200);
    getWithFilterMock.mockImplementation(
      ({ startId, endId }: GetWithFilterInput) =>
        new Promise((resolve) => {
          const end = Math.min(rows.length, endId);
          setTimeout(
            () => resolve({ opportunitys: rows.slice(startId, end), itsFinish: end >= rows.length }),
            30,
          );
        }),
    );
    renderList('/dashboard/opportunity/list/todo', { strict: false });
    await act(async () => undefined);
    expect(getWithFilterMock).toHaveBeenCalledTimes(1);
    // The answer comes at 30 ms; the next request leaves at 50 ms, not at 80.
    await act(async () => jest.advanceTimersByTime(30));
    expect(getWithFilterMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(19));
    expect(getWithFilterMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(getWithFilterMock).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});

test('the waiting list asks for everything at once', async () => {
  serve(opportunities(3).map((item) => ({ ...item, state: 'WAITING' as const })));
  renderList('/dashboard/opportunity/list/waiting', { strict: false });
  await screen.findByText('3 opportunités');
  expect(getWithFilterMock).toHaveBeenCalledTimes(1);
  expect(getWithFilterMock).toHaveBeenCalledWith(
    expect.objectContaining({ filter: { state: 'waiting' }, startId: 0, endId: Number.MAX_SAFE_INTEGER }),
  );
});

test('changing organisation starts the list and the counts again', async () => {
  serve(opportunities(2));
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('2 opportunités');
  getWithFilterMock.mockImplementation(async () => ({
    opportunitys: [opportunityView(50, {}, { prospect: 'Autre' })],
    itsFinish: true,
  }));
  getAllCountMock.mockResolvedValue({ ...COUNTS, all: 1 });
  act(() => useSessionStore.getState().selectOrganisation(OTHER_ORGANISATION_ID));
  await screen.findByText('1 opportunité');
  expect(cardNames()).toEqual(['Autre']);
  expect(getWithFilterMock).toHaveBeenLastCalledWith(
    expect.objectContaining({ organisationId: OTHER_ORGANISATION_ID, startId: 0 }),
  );
  expect(await screen.findByRole('tab', { name: 'Toute Opportunités 1' })).toBeInTheDocument();
});

test('the ids shown are kept in local storage under the list name, in the order shown', async () => {
  serve([
    opportunityView(1, { timeFilter: 1 }),
    opportunityView(2, { timeFilter: 5 }),
    opportunityView(3, { timeFilter: 3 }),
  ]);
  renderList('/dashboard/opportunity/list/todo');
  await screen.findByText('3 opportunités');
  // Default order: the latest first, as the server sorts (timeFilter descending).
  await waitFor(() =>
    expect(readOpportunityIds('todo')).toEqual([
      opportunityView(2)._id,
      opportunityView(3)._id,
      opportunityView(1)._id,
    ]),
  );
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier' }), 'asc');
  expect(cardNames()).toEqual(['Prospect 1', 'Prospect 3', 'Prospect 2']);
  await waitFor(() => expect(readOpportunityIds('todo')[0]).toBe(opportunityView(1)._id));
});

test('"Rechercher" ignores case and accents and looks into the spec fields', async () => {
  serve([
    opportunityView(1, {}, { prospect: 'École Sainte-Anne', enseigne: 'Aucun' }),
    opportunityView(2, {}, { prospect: 'Garage', ville: 'Besançon' }),
    opportunityView(3, {}, { prospect: 'Fleuriste', siret: '12345678901234' }),
  ]);
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('3 opportunités');
  const search = screen.getByRole('searchbox', { name: 'Rechercher' });
  await user.type(search, 'ECOLE');
  await waitFor(() => expect(cardNames()).toEqual(['École Sainte-Anne']));
  await user.clear(search);
  await user.type(search, 'besancon');
  await waitFor(() => expect(cardNames()).toEqual(['Garage']));
  await user.clear(search);
  await user.type(search, '12345678');
  await waitFor(() => expect(cardNames()).toEqual(['Fleuriste']));
  await user.clear(search);
  await user.type(search, 'introuvable');
  expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
});

const GEO = [
  // Bretagne: 35 and 29; Normandie: 14.
  opportunityView(
    1,
    {},
    {
      prospect: 'Rennes A',
      codePostale: '35000',
      departement: '35',
      region: 'Bretagne',
      libelleactivite: 'Boulangerie',
    },
  ),
  opportunityView(
    2,
    {},
    {
      prospect: 'Rennes B',
      codePostale: '35000',
      departement: '35',
      region: 'Bretagne',
      libelleactivite: 'Garage',
    },
  ),
  opportunityView(
    3,
    {},
    {
      prospect: 'Brest',
      codePostale: '29200',
      departement: '29',
      region: 'Bretagne',
      libelleactivite: 'Boulangerie',
    },
  ),
  opportunityView(
    4,
    {},
    {
      prospect: 'Caen',
      codePostale: '14000',
      departement: '14',
      region: 'Normandie',
      libelleactivite: 'Boulangerie',
    },
  ),
  opportunityView(
    5,
    {},
    {
      prospect: 'Lyon',
      codePostale: '69001',
      departement: '69',
      region: 'Auvergne-Rhône-Alpes',
      libelleactivite: 'Garage',
    },
  ),
];

test('filters: OR within a kind, AND across kinds, each option with its live count', async () => {
  serve(GEO);
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('5 opportunités');
  const panel = await openFilters(user);

  expect(option(panel, 'Activité', /Boulangerie/)).toBeInTheDocument();
  expect(option(panel, 'Activité', /Boulangerie/).closest('label')).toHaveTextContent('Boulangerie3');
  expect(option(panel, 'Code postal', /35000/).closest('label')).toHaveTextContent('350002');

  await user.click(option(panel, 'Code postal', /35000/));
  await user.click(option(panel, 'Code postal', /14000/));
  expect(cardNames()).toEqual(['Rennes A', 'Rennes B', 'Caen']);
  // Within "Code postal", 29200 would add one more.
  expect(option(panel, 'Code postal', /29200/).closest('label')).toHaveTextContent('292001');

  await user.click(option(panel, 'Activité', /Boulangerie/));
  expect(cardNames()).toEqual(['Rennes A', 'Caen']);
  // Across kinds the counts follow the other choices: Garage among 35000 and 14000 is one.
  expect(option(panel, 'Activité', /Garage/).closest('label')).toHaveTextContent('Garage1');
  expect(screen.getByRole('button', { name: 'Filtres 3' })).toHaveAttribute('aria-expanded', 'true');
});

test('régions and départements stay in sync and "Supprimer les filtres" clears everything', async () => {
  serve(GEO);
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all');
  await screen.findByText('5 opportunités');
  const panel = await openFilters(user);

  await user.click(option(panel, 'Région', /Bretagne/));
  expect(option(panel, 'Département', /35 – Ille-et-Vilaine/)).toBeChecked();
  expect(option(panel, 'Département', /29 – Finistère/)).toBeChecked();
  expect(cardNames()).toEqual(['Rennes A', 'Rennes B', 'Brest']);
  // Another région's count says what ticking it would add.
  expect(option(panel, 'Région', /Normandie/).closest('label')).toHaveTextContent('Normandie1');

  await user.click(option(panel, 'Département', /35 – Ille-et-Vilaine/));
  expect(cardNames()).toEqual(['Brest']);
  expect(option(panel, 'Région', /Bretagne/)).toBeChecked();
  await user.click(option(panel, 'Département', /29 – Finistère/));
  // Bretagne left with its last département… and the other two Bretons départements.
  await user.click(option(panel, 'Département', /14 – Calvados/));
  expect(option(panel, 'Région', /Normandie/)).toBeChecked();
  expect(cardNames()).toEqual(['Caen']);

  await user.click(within(panel).getByRole('button', { name: 'Supprimer les filtres' }));
  expect(cardNames()).toHaveLength(5);
  expect(screen.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
  expect(within(panel).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
});

test('with 20,000 opportunities only a handful of cards are in the page', async () => {
  const many = opportunities(20_000);
  getWithFilterMock.mockImplementation(async () => ({ opportunitys: many, itsFinish: true }));
  renderList('/dashboard/opportunity/list/todo');
  await screen.findByText('20 000 opportunités');
  const list = screen.getByRole('list', { name: 'Opportunités : A faire' });
  const shown = within(list).getAllByRole('listitem');
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(20);
  expect(shown[0]).toHaveAttribute('aria-setsize', '20000');

  const scroller = screen.getByRole('region', { name: 'Opportunités : A faire' });
  scroller.scrollTop = 300 * 10_000;
  fireEvent.scroll(scroller);
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Prospect 0' })).not.toBeInTheDocument());
  const far = cardNames().map((name) => Number(name?.replace('Prospect ', '')));
  expect(Math.min(...far)).toBeGreaterThan(9_000);
  expect(within(list).getAllByRole('listitem').length).toBeLessThan(20);
});

test('the top bar\'s "?search=" fills "Rechercher", and a new search from the top bar replaces it', async () => {
  serve([
    opportunityView(1, {}, { prospect: 'Garage du Centre' }),
    opportunityView(2, {}, { prospect: 'Fleuriste' }),
    opportunityView(3, {}, { prospect: 'Garage Martin' }),
  ]);
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/all?search=Garage', {
    links: ['/dashboard/opportunity/list/all?search=Fleuriste'],
  });
  expect(await screen.findByText('2 opportunités')).toBeInTheDocument();
  const search = screen.getByRole('searchbox', { name: 'Rechercher' });
  expect(search).toHaveValue('Garage');
  expect(cardNames()).toEqual(['Garage du Centre', 'Garage Martin']);

  await user.clear(search);
  await user.type(search, 'martin');
  await waitFor(() => expect(cardNames()).toEqual(['Garage Martin']));
  await user.click(
    screen.getByRole('link', { name: 'Aller à /dashboard/opportunity/list/all?search=Fleuriste' }),
  );
  await waitFor(() => expect(search).toHaveValue('Fleuriste'));
  await waitFor(() => expect(cardNames()).toEqual(['Fleuriste']));
});

test('coming back from a detail page shows the same search, filters and order; another tab or organisation starts fresh', async () => {
  serve(GEO);
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/todo', {
    links: ['/dashboard/opportunity/list/todo', '/dashboard/opportunity/list/all'],
  });
  await screen.findByText('5 opportunités');
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'rennes');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Trier' }), 'asc');
  const panel = await openFilters(user);
  await user.click(option(panel, 'Activité', /^Boulangerie/));
  await waitFor(() => expect(cardNames()).toEqual(['Rennes A']));

  await user.click(within(screen.getByRole('article', { name: 'Rennes A' })).getByText('Boulangerie'));
  expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/opportunity/${GEO[0]!._id}?type=todo`);
  await user.click(screen.getByRole('link', { name: 'Aller à /dashboard/opportunity/list/todo' }));

  await screen.findByText('1 opportunité');
  expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('rennes');
  expect(screen.getByRole('combobox', { name: 'Trier' })).toHaveValue('asc');
  expect(screen.getByRole('button', { name: 'Filtres 1' })).toBeInTheDocument();
  expect(cardNames()).toEqual(['Rennes A']);

  await user.click(screen.getByRole('link', { name: 'Aller à /dashboard/opportunity/list/all' }));
  await screen.findByText('5 opportunités');
  expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');

  await user.click(screen.getByRole('link', { name: 'Aller à /dashboard/opportunity/list/todo' }));
  await screen.findByText('1 opportunité');
  act(() => useSessionStore.getState().selectOrganisation(OTHER_ORGANISATION_ID));
  await screen.findByText('5 opportunités');
  expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
});

test('coming back from a detail page shows the card that was at the top of the list', async () => {
  serve(opportunities(60));
  const user = userEvent.setup();
  renderList('/dashboard/opportunity/list/todo', { links: ['/dashboard/opportunity/list/todo'] });
  await screen.findByText('60 opportunités');
  const scroller = screen.getByRole('region', { name: 'Opportunités : A faire' });
  // Cards are 300 px high: the 21st is at the top.
  scroller.scrollTop = 300 * 20;
  fireEvent.scroll(scroller);
  const card = await screen.findByRole('article', { name: 'Prospect 20' });
  await user.click(within(card).getByText('Boulangerie'));
  expect(screen.getByTestId('location')).toHaveTextContent('?type=todo');

  await user.click(screen.getByRole('link', { name: 'Aller à /dashboard/opportunity/list/todo' }));
  await screen.findByText('60 opportunités');
  expect(await screen.findByRole('article', { name: 'Prospect 20' })).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Prospect 0' })).not.toBeInTheDocument();
});

test('a click on a card opens its detail page with the list type', async () => {
  serve([opportunityView(7)]);
  renderList('/dashboard/opportunity/list/todo');
  const card = await screen.findByRole('article', { name: 'Prospect 7' });
  await userEvent.click(within(card).getByText('Boulangerie'));
  expect(screen.getByTestId('location')).toHaveTextContent(
    `/dashboard/opportunity/${opportunityView(7)._id}?type=todo`,
  );
});

test('after going to WAITING from a card, the card shows the comment just written', async () => {
  const user = userEvent.setup();
  const opportunity = opportunityView(7);
  serve([opportunity]);
  const mail = { _id: 'c00000000000000000000001', name: 'Mail' };
  jest.mocked(getStatuses).mockResolvedValue({ status: [mail] });
  // setWaiting answers before the comment is posted: its opportunity has no message yet.
  jest.mocked(setWaiting).mockResolvedValue({
    opportunity: { ...opportunity, state: 'WAITING', howMuchTime: '1 heure' },
  });
  jest.mocked(postMessage).mockResolvedValue({
    message: messageView(1, { text: 'Devis envoyé', statusId: mail }),
  });
  renderList('/dashboard/opportunity/list/all');
  const card = await screen.findByRole('article', { name: 'Prospect 7' });
  expect(within(card).getByRole('region', { name: 'Derniers messages' })).toHaveTextContent('Aucun message');

  await user.click(within(card).getByRole('button', { name: 'En Attente' }));
  await user.click(await within(card).findByRole('button', { name: 'Validé' }));
  const modal = await screen.findByRole('dialog', { name: 'Commentaire et statut' });
  await user.type(within(modal).getByLabelText('Commentaire'), 'Devis envoyé');
  await user.click(within(modal).getByRole('radio', { name: 'Mail' }));
  await user.click(within(modal).getByRole('button', { name: 'Valider' }));

  await waitFor(() => expect(within(card).getByText('1 heure restante')).toBeInTheDocument());
  const messages = within(card).getByRole('region', { name: 'Derniers messages' });
  expect(messages).toHaveTextContent('Mail');
  expect(messages).toHaveTextContent('Devis envoyé');
});

/** jsdom's Blob has no arrayBuffer(): read it the old way. */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('export', () => {
  let blobs: Blob[];
  beforeEach(() => {
    blobs = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      }),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  test('it sends the state, search and filters, shows "Exports en cour" then "Export terminé", and downloads export.csv with a BOM', async () => {
    serve(GEO);
    let answer: (reply: { csvString?: string }) => void = () => undefined;
    exportFilterMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderList('/dashboard/opportunity/list/todo');
    await screen.findByText('5 opportunités');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'rennes');
    const panel = await openFilters(user);
    await user.click(option(panel, 'Activité', /Garage/));
    await user.click(screen.getByRole('button', { name: 'Exporter' }));

    expect(await screen.findByText('Exports en cour')).toBeInTheDocument();
    expect(exportFilterMock).toHaveBeenCalledWith({
      organisationId: ORGANISATION_ID,
      filter: { state: 'todo', search: 'rennes', libelleactivite: ['Garage'] },
      startId: 0,
      endId: Number.MAX_SAFE_INTEGER,
    });
    await act(async () => answer({ csvString: 'Prospect;Ville\r\nRennes B;Rennes\r\n' }));
    expect(await screen.findByText('Export terminé')).toBeInTheDocument();
    expect(blobs).toHaveLength(1);
    const bytes = new Uint8Array(await blobBytes(blobs[0]!));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      `${UTF8_BOM}Prospect;Ville\r\nRennes B;Rennes\r\n`,
    );
    const link = jest.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('export.csv');
  });

  test('an empty answer says "Le fichier est vide" and downloads nothing', async () => {
    serve(GEO);
    exportFilterMock.mockResolvedValue({ csvString: '' });
    renderList('/dashboard/opportunity/list/all');
    await screen.findByText('5 opportunités');
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText('Le fichier est vide')).toBeInTheDocument();
    expect(blobs).toHaveLength(0);
  });

  test('a refusal shows the server message, anything else "Erreur lors de l\'export"', async () => {
    serve(GEO);
    exportFilterMock.mockRejectedValueOnce(new ApiError("Vous n'avez pas la permission d'exporter", 403));
    exportFilterMock.mockRejectedValueOnce(new ApiError('Impossible de joindre le serveur.', null));
    renderList('/dashboard/opportunity/list/all');
    await screen.findByText('5 opportunités');
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText("Vous n'avez pas la permission d'exporter")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exporter' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText("Erreur lors de l'export")).toBeInTheDocument();
  });
});
