// A file's count (searched or not) is kept by each connection while the file's rows and search texts
// stay as they are, and read again after anything that changes them, through any connection to the
// store file: added or removed rows, a new search text, a row moved to another file. A prospect's
// state or owner changing leaves it kept (load.md, "A search's count kept").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchPatternOf } from '@app/domain';
import { openSqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { type ProspectDoc, ProspectsRepository } from './repository';

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

describe("a file's counts kept between the changes of its rows", () => {
  let dir: string;
  let here: Store;
  let elsewhere: Store;
  let repository: ProspectsRepository;
  let theirs: ProspectsRepository;
  let reads: jest.SpyInstance;
  /** The count, and whether the store was read for it. */
  const count = async (query: string) => {
    const before = reads.mock.calls.length;
    const total = await repository.countOfFile(ORGANISATION, FILE, searchPatternOf(query));
    const read = reads.mock.calls.length > before;
    await next();
    return { total, read };
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'file-counts-'));
    here = await openSqliteStore({ dataDir: dir });
    elsewhere = await openSqliteStore({ dataDir: dir });
    repository = new ProspectsRepository(here);
    theirs = new ProspectsRepository(elsewhere);
    await repository.ensureIndexes();
    await repository.prospects.insertMany([
      row(0, 'creche les lutins lyon'),
      row(1, 'boulangerie martin marseille 06 12 34 56 78'),
      row(2, 'creche arc en ciel marseille'),
    ]);
    await next();
    reads = jest.spyOn(repository.prospects, 'countDocuments');
  });
  afterEach(async () => {
    reads.mockRestore();
    await here.close();
    await elsewhere.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads each count once while nothing of the file changes, through either connection', async () => {
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    expect(await count('Crèche')).toEqual({ total: 2, read: false });
    expect(await count('0612')).toEqual({ total: 1, read: true });
    expect(await count('')).toEqual({ total: 3, read: true });
    expect(await count('')).toEqual({ total: 3, read: false });

    // The state and owner of a prospect, another collection, another file's rows' fields: kept.
    const [first] = await repository.prospects.find({ rowIndex: 0 });
    await theirs.prospects.updateOne(
      { _id: first!._id },
      { $set: { state: 'TODO', isAccepted: true, acceptedUsername: 'Camille' } },
    );
    await elsewhere.collection<{ _id: string; text: string }>('notes').insertOne({ text: 'crèche' });
    await next();
    expect(await count('Crèche')).toEqual({ total: 2, read: false });
    expect(await count('')).toEqual({ total: 3, read: false });
  });

  it('counts again after a new search text, a row added, removed or moved, in any connection', async () => {
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    const [bakery] = await repository.prospects.find({ rowIndex: 1 });

    await theirs.prospects.updateOne(
      { _id: bakery!._id },
      { $set: { searchText: 'creche martin marseille' } },
    );
    await next();
    expect(await count('Crèche')).toEqual({ total: 3, read: true });

    await theirs.prospects.insertMany([row(3, 'creche du port')]);
    await next();
    expect(await count('Crèche')).toEqual({ total: 4, read: true });

    await repository.prospects.deleteOne({ rowIndex: 3 });
    expect(await count('Crèche')).toEqual({ total: 3, read: true });

    await theirs.prospects.updateOne({ _id: bakery!._id }, { $set: { excelId: OTHER_FILE } });
    await next();
    expect(await count('Crèche')).toEqual({ total: 2, read: true });
    expect(await count('')).toEqual({ total: 2, read: true });
  });
});
