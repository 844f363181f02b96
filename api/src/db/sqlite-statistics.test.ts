// The API's connection lives for weeks: the planner's statistics gathered at open go stale as a table
// grows, so the store refreshes them every hour (PRAGMA optimize re-analyses the tables that grew).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore, STORE_FILE } from './sqlite-store';

type Row = { _id: string; organisationId: string; at: number };

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sqlite-statistics-'));
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

const statisticsOf = (index: string) => {
  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  try {
    return (
      db.prepare('SELECT stat FROM sqlite_stat1 WHERE idx = ?').get(index) as { stat: string } | undefined
    )?.stat;
  } finally {
    db.close();
  }
};

it('refreshes the statistics of a table that grew while the store was open, within the hour', async () => {
  const first = await openSqliteStore({ dataDir });
  await first.collection<Row>('log').createIndex({ organisationId: 1, at: 1 });
  await first
    .collection<Row>('log')
    .insertMany(Array.from({ length: 5 }, (_, at) => ({ organisationId: 'o1', at })));
  await first.close();
  // Opened on 5 rows: its statistics say 5.
  const store = await openSqliteStore({ dataDir });
  const log = store.collection<Row>('log');
  expect(statisticsOf('ix_c_log__organisationId_1__at_1')).toMatch(/^5 /);
  await log.insertMany(Array.from({ length: 5000 }, (_, at) => ({ organisationId: `o${at % 50}`, at })));
  await log.find({ organisationId: 'o1' }, { sort: { at: 1 } });
  jest.advanceTimersByTime(60 * 60 * 1000);
  expect(statisticsOf('ix_c_log__organisationId_1__at_1')).toMatch(/^5005 /);
  await store.close();
});
