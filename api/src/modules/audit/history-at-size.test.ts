// An opportunity's history among 200,000 records of its organisation (and others' records for the same
// id): the detail's read goes through the index on (organisation, opportunity, at, _id), with no sort
// of its own, and returns that opportunity's lines only. No timing here: bench/ measures speed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { yieldToEventLoop } from '@app/domain';
import { orderByClause, whereClause } from '../../db/sqlite-query';
import { openSqliteStore, STORE_FILE } from '../../db/sqlite-store';
import { type AuditDoc, AuditRepository } from './repository';

const RECORDS = 200_000;
const OPPORTUNITIES = 20_000;

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'audit-history-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('reads one opportunity’s lines among 200,000 records through its index, in order, and only its organisation’s', async () => {
  const store = await openSqliteStore({ dataDir });
  const repository = new AuditRepository(store);
  const records = store.collection<AuditDoc>('auditLog');
  const hex = (n: number) => n.toString(16).padStart(24, '0');
  // Ten lines for each of 20,000 opportunities, every tenth record of the organisation something else.
  for (let first = 0; first < RECORDS; first += 5000) {
    await records.insertMany(
      Array.from({ length: 5000 }, (_, offset) => {
        const n = first + offset;
        const base = {
          _id: hex(n),
          organisationId: 'org-a',
          at: 1_700_000_000_000 + n,
          actorUserId: 'u1',
          subject: { type: 'opportunity' as const, id: hex(n % OPPORTUNITIES), label: 'Société' },
        };
        if (n % 10 === 9) return { ...base, kind: 'exported' as const };
        return {
          ...base,
          kind: 'stateChanged' as const,
          opportunityId: `opp-${n % OPPORTUNITIES}`,
          line: { from: 'TODO' as const, to: 'WIN' as const, kind: 'state' as const },
        };
      }),
    );
    await yieldToEventLoop();
  }
  // The same opportunity id in another organisation's log.
  await records.insertOne({
    _id: 'other-org-line',
    organisationId: 'org-b',
    at: 1_700_000_000_000,
    actorUserId: 'u2',
    kind: 'stateChanged',
    subject: { type: 'opportunity', id: 'x', label: 'Autre' },
    opportunityId: 'opp-1234',
    line: { from: 'TODO', to: 'LOOSE', kind: 'state' },
  });

  // The indexes once the rows are in (faster to fill than index by index), as a store upgraded would.
  await repository.ensureIndexes();
  const lines = await repository.linesOf('org-a', 'opp-1234');
  // n ≡ 1234 (mod 20,000) and not ≡ 9 (mod 10): all ten.
  expect(lines.map((line) => line._id)).toEqual(
    Array.from({ length: 10 }, (_, index) => hex(1234 + index * OPPORTUNITIES)),
  );
  expect(lines.every((line) => line.organisationId === 'org-a')).toBe(true);
  await store.close();

  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  const where = whereClause({ organisationId: 'org-a', opportunityId: 'opp-1234' }, new Set());
  const plan = (
    db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT _id, doc FROM c_auditLog WHERE ${where.sql}${orderByClause({ at: 1, _id: 1 })}`,
      )
      .all(...where.params) as { detail: string }[]
  )
    .map((row) => row.detail)
    .join(' | ');
  db.close();
  expect(plan).toMatch(/USING INDEX ix_c_auditLog__organisationId_1__opportunityId_1__at_1___id_1/);
  expect(plan).not.toMatch(/TEMP B-TREE/);
}, 300_000);
