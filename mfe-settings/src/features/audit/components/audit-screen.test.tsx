import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuditPageReply, type AuditRecordView, maskOf, PERMISSION } from '@app/domain';
import { ME, ORGANISATION_ID, renderScreen, signIn } from '../../../test-utils/render-screen';
import { exportAudit } from '../api/export-audit';
import { getPeople } from '../api/get-people';
import { listAudit } from '../api/list-audit';
import { AuditScreen } from './audit-screen';

jest.mock('../api/list-audit');
jest.mock('../api/export-audit');
jest.mock('../api/get-people');
const listMock = jest.mocked(listAudit);
const exportMock = jest.mocked(exportAudit);
const peopleMock = jest.mocked(getPeople);

const ROUTE = { path: '/dashboard/prospect/settings/historique' };
const COLLEAGUE = { _id: 'u00000000000000000000002', username: 'Durand Léa' };
const VIEWPORT_HEIGHT = 600;

// jsdom lays nothing out: give the list the height a browser would.
// and each card the height it would have (what the virtualizer measures).
const CARD_HEIGHT = 190;
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEWPORT_HEIGHT,
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? CARD_HEIGHT : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Record `i` of a log whose newest record is at `top` (one minute apart, newest first). */
function recordAt(i: number, top = Date.UTC(2025, 0, 6, 9, 0)): AuditRecordView {
  return {
    _id: i.toString(16).padStart(24, '0'),
    at: top - i * 60_000,
    actor: { _id: COLLEAGUE._id, username: COLLEAGUE.username },
    kind: 'stateChanged',
    subject: { type: 'opportunity', id: 'o'.padEnd(24, '0'), label: `Boulangerie ${i}` },
    before: 'A faire',
    after: 'Gagné',
  };
}

/** The server's pages of a log of `total` records. */
function serveLog(total: number) {
  listMock.mockImplementation(async (input) => {
    const start = input.after ? Number.parseInt(input.after.id, 16) + 1 : 0;
    const limit = input.limit ?? 50;
    const records = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, k) =>
      recordAt(start + k),
    );
    const last = records.at(-1);
    const reply: AuditPageReply = {
      records,
      next: start + limit < total && last ? { at: last.at, id: last._id } : null,
    };
    return reply;
  });
}

beforeEach(() => {
  listMock.mockReset();
  exportMock.mockReset();
  peopleMock.mockReset();
  peopleMock.mockResolvedValue({
    roles: [],
    users: [
      { ...ME, roles: [], licenceId: null },
      { ...COLLEAGUE, email: 'lea@exemple.fr', roles: [], licenceId: null },
    ],
  } as unknown as Awaited<ReturnType<typeof getPeople>>);
});
afterEach(() => {
  jest.restoreAllMocks();
});

test('without "Voir l’historique" it says so and asks nothing', async () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS', 'VIEW_REPORTS']), isOwner: false });
  renderScreen(<AuditScreen />, ROUTE);
  expect(
    screen.getByText('Votre rôle ne permet pas de voir l’historique de l’organisation.'),
  ).toBeInTheDocument();
  expect(listMock).not.toHaveBeenCalled();
});

test('lists the records newest first as cards: what, on what, when, who, before and after', async () => {
  signIn({ mask: PERMISSION.VIEW_HISTORY, isOwner: false });
  serveLog(3);
  renderScreen(<AuditScreen />, ROUTE);
  expect(await screen.findByRole('heading', { level: 1, name: 'Historique' })).toBeInTheDocument();
  const cards = await screen.findAllByRole('listitem');
  expect(cards).toHaveLength(3);
  const first = within(cards[0] as HTMLElement);
  expect(first.getByText('Changement d’état')).toBeInTheDocument();
  expect(cards[0]).toHaveTextContent('Changement d’état · Boulangerie 0');
  expect(first.getByText('06/01/2025 10:00')).toBeInTheDocument();
  expect(first.getByText('Durand Léa')).toBeInTheDocument();
  expect(first.getByText('A faire')).toBeInTheDocument();
  expect(first.getByText('Gagné')).toBeInTheDocument();
  expect(cards[2]).toHaveTextContent('Boulangerie 2');
  expect(listMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, limit: 100 });
});

test('keeps only the visible cards in the page and asks the next page with the cursor near the end', async () => {
  signIn({ mask: PERMISSION.VIEW_HISTORY, isOwner: false });
  serveLog(10_000);
  renderScreen(<AuditScreen />, ROUTE);
  const shown = await screen.findAllByRole('listitem');
  expect(shown.length).toBeGreaterThanOrEqual(3);
  expect(shown.length).toBeLessThan(20);
  // Only the first page so far (StrictMode runs the first effect twice; the first answer is dropped).
  expect(listMock.mock.calls.every(([input]) => input.after === undefined)).toBe(true);
  const before = listMock.mock.calls.length;

  const list = screen.getByLabelText('Événements de l’historique');
  await act(async () => {
    list.scrollTop = CARD_HEIGHT * 95;
    fireEvent.scroll(list);
  });
  expect((await screen.findAllByText(/Boulangerie 10[0-9]\b/)).length).toBeGreaterThan(0);
  expect(listMock).toHaveBeenCalledTimes(before + 1);
  const second = listMock.mock.calls.at(-1)?.[0];
  expect(second?.after).toEqual({ at: recordAt(99).at, id: recordAt(99)._id });
  expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
});

test('filters by person, type and period, and refuses a period that ends before it starts', async () => {
  signIn({ mask: PERMISSION.VIEW_HISTORY, isOwner: false });
  serveLog(2);
  renderScreen(<AuditScreen />, ROUTE);
  await screen.findAllByRole('listitem');
  await screen.findByRole('option', { name: 'Durand Léa' });
  await userEvent.selectOptions(screen.getByLabelText('Personne'), 'Durand Léa');
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Import');
  fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2025-01-01' } });
  fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2025-01-31' } });
  await screen.findAllByRole('listitem');
  expect(listMock).toHaveBeenLastCalledWith({
    organisationId: ORGANISATION_ID,
    userId: COLLEAGUE._id,
    kind: 'imported',
    from: '2025-01-01',
    to: '2025-01-31',
    limit: 100,
  });
  const calls = listMock.mock.calls.length;
  fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2025-02-15' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin');
  expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeDisabled();
  expect(listMock).toHaveBeenCalledTimes(calls);
});

test('"Exporter en CSV" downloads historique.csv with the filters, its byte-order mark once', async () => {
  signIn({ mask: PERMISSION.VIEW_HISTORY, isOwner: false });
  serveLog(1);
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  exportMock.mockResolvedValue({ csvString: '\uFEFF"Date";"Personne"\r\n', count: 1 });
  renderScreen(<AuditScreen />, ROUTE);
  await screen.findAllByRole('listitem');
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Export');
  await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
  expect(await screen.findByText('Export terminé : 1 événement')).toBeInTheDocument();
  expect(exportMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, kind: 'exported' });
  expect(names).toEqual(['historique.csv']);
  const bytes = new Uint8Array(await blobBytes(blobs[0]!));
  expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
});
