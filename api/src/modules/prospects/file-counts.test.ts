// A file's count (searched or not) is kept by each connection while the file's rows and search texts
// stay as they are, and read again after anything that changes them, through any connection to the
// store file: added or removed rows, a new search text, a row moved to another file. A prospect's
// state or owner changing leaves it kept (load.md, "A search's count kept"). A page past a kept count
// (a search that keeps no row, a page beyond the last) is answered from it without reading the rows
// (load.md, "A search that keeps no row").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchPatternOf } from '@app/domain';
import { openSqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { filePage, filePagePieces } from './file-page';
import { type ProspectDoc, type ProspectFileDoc, ProspectsRepository } from './repository';

const ORGANISATION = '6b0aaf24f204da9d84335cef';
const FILE = '6b0aaf25f204da9d84335d5a';
const OTHER_FILE = '6b0aaf25f204da9d84335d5b';

const row = (rowIndex: number, searchText: string, excelId = FILE) =>
  ({
    organisationId: ORGANISATION,
    excelId,
    rowIndex,
    searchText,
    state: null,
    isAccepted: false,
  }) as unknown as ProspectDoc;
const next = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Before each test, a new store file with two connections to it (`here`, `elsewhere`), a repository on
 * each (`repository`, `theirs`), and rows 0, 1, 2… of the file with these search texts; closed after.
 */
function twoConnections(searchTexts: string[]) {
  const opened = {} as {
    here: Store;
    elsewhere: Store;
    repository: ProspectsRepository;
    theirs: ProspectsRepository;
  };
  let dir = '';
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'file-counts-'));
    opened.here = await openSqliteStore({ dataDir: dir });
    opened.elsewhere = await openSqliteStore({ dataDir: dir });
    opened.repository = new ProspectsRepository(opened.here);
    opened.theirs = new ProspectsRepository(opened.elsewhere);
    await opened.repository.ensureIndexes();
    await opened.repository.prospects.insertMany(searchTexts.map((text, index) => row(index, text)));
    await next();
  });
  afterEach(async () => {
    await opened.here.close();
    await opened.elsewhere.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return opened;
}

describe("a file's counts kept between the changes of its rows", () => {
  const store = twoConnections([
    'creche les lutins lyon',
    'boulangerie martin marseille 06 12 34 56 78',
    'creche arc en ciel marseille',
  ]);
  let reads: jest.SpyInstance;
  /** The count, and whether the store was read for it. */
  const count = async (query: string) => {
    const before = reads.mock.calls.length;
    const total = await store.repository.countOfFile(ORGANISATION, FILE, searchPatternOf(query));
    const read = reads.mock.calls.length > before;
    await next();
    return { total, read };
  };

  beforeEach(() => {
    reads = jest.spyOn(store.repository.prospects, 'countDocuments');
  });
  afterEach(() => reads.mockRestore());

  it('reads each count once while nothing of the file changes, through either connection', async () => {
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    expect(await count('Crèche')).toEqual({ total: 2, read: false });
    expect(await count('0612')).toEqual({ total: 1, read: true });
    expect(await count('')).toEqual({ total: 3, read: true });
    expect(await count('')).toEqual({ total: 3, read: false });

    // The state and owner of a prospect, another collection, another file's rows' fields: kept.
    const [first] = await store.repository.prospects.find({ rowIndex: 0 });
    await store.theirs.prospects.updateOne(
      { _id: first!._id },
      { $set: { state: 'TODO', isAccepted: true, acceptedUsername: 'Camille' } },
    );
    await store.elsewhere.collection<{ _id: string; text: string }>('notes').insertOne({ text: 'crèche' });
    await next();
    expect(await count('Crèche')).toEqual({ total: 2, read: false });
    expect(await count('')).toEqual({ total: 3, read: false });
  });

  it('counts again after a new search text, a row added, removed or moved, in any connection', async () => {
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    const [bakery] = await store.repository.prospects.find({ rowIndex: 1 });

    await store.theirs.prospects.updateOne(
      { _id: bakery!._id },
      { $set: { searchText: 'creche martin marseille' } },
    );
    await next();
    expect(await count('Crèche')).toEqual({ total: 3, read: true });

    await store.theirs.prospects.insertMany([row(3, 'creche du port')]);
    await next();
    expect(await count('Crèche')).toEqual({ total: 4, read: true });

    await store.repository.prospects.deleteOne({ rowIndex: 3 });
    expect(await count('Crèche')).toEqual({ total: 3, read: true });

    await store.theirs.prospects.updateOne({ _id: bakery!._id }, { $set: { excelId: OTHER_FILE } });
    await next();
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    expect(await count('')).toEqual({ total: 2, read: true });
  });
});

describe("a file's page past its kept count, answered without reading the rows", () => {
  const file = { _id: FILE, organisationId: ORGANISATION, username: 'Camille' } as ProspectFileDoc;
  const store = twoConnections([
    'creche les lutins lyon',
    'boulangerie martin marseille',
    'creche arc en ciel marseille',
  ]);
  let reads: jest.SpyInstance;
  /** The page, as text and as rows (the same), and whether the store's rows were read for it. */
  const page = async (search: string, offset = 0) => {
    const input = { excelId: FILE, search, offset, limit: 500 };
    const before = reads.mock.calls.length;
    const text = (await filePagePieces(store.repository, file, input)).join('');
    const read = reads.mock.calls.length > before;
    expect(JSON.parse(text)).toEqual(await filePage(store.repository, file, input));
    await next();
    const { value, total } = JSON.parse(text) as { value: { rowIndex: number }[]; total: number };
    return { rows: value.map((prospect) => prospect.rowIndex), total, read };
  };

  beforeEach(() => {
    reads = jest.spyOn(store.repository, 'pageTextsOfFile');
  });
  afterEach(() => reads.mockRestore());

  it('a search that keeps no row is read once, then answered from its count until a row matches', async () => {
    expect(await page('Restauration')).toEqual({ rows: [], total: 0, read: true });
    expect(await page('Restauration')).toEqual({ rows: [], total: 0, read: false });

    // A state change leaves the count; a new search text, in another connection, does not.
    const [bakery] = await store.repository.prospects.find({ rowIndex: 1 });
    await store.theirs.prospects.updateOne({ _id: bakery!._id }, { $set: { state: 'TODO' } });
    await next();
    expect(await page('Restauration')).toEqual({ rows: [], total: 0, read: false });
    await store.theirs.prospects.updateOne(
      { _id: bakery!._id },
      { $set: { searchText: 'restauration martin marseille' } },
    );
    await next();
    expect(await page('Restauration')).toEqual({ rows: [1], total: 1, read: true });
  });

  it('a page past the last row is answered from the count a shorter page told, until rows are added', async () => {
    expect(await page('', 500)).toEqual({ rows: [], total: 3, read: true });
    expect(await page('')).toEqual({ rows: [0, 1, 2], total: 3, read: true });
    expect(await page('', 500)).toEqual({ rows: [], total: 3, read: false });
    expect(await page('Crèche', 2)).toEqual({ rows: [], total: 2, read: true });
    expect(await page('Crèche', 2)).toEqual({ rows: [], total: 2, read: false });

    await store.theirs.prospects.insertMany(
      Array.from({ length: 500 }, (_, index) => row(3 + index, `creche numero ${index}`)),
    );
    await next();
    expect(await page('', 500)).toEqual({ rows: [500, 501, 502], total: 503, read: true });
    expect(await page('Crèche', 2)).toMatchObject({ total: 502, read: true });
  });
});
