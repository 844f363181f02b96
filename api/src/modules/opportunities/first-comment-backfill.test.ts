// The first comment dates' start-up pass runs once per store (a marker ends it), so a later start
// does not read every opportunity again (every-core.md, "Start-up").
import { newId } from '../../db/ids';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { FIRST_COMMENTS_MIGRATION_ID } from './report-figures';

const NOW = Date.UTC(2026, 10, 27, 9);
let shared: SharedStore;

beforeEach(() => {
  shared = openSharedStore('first-comments-', () => NOW);
});
afterEach(() => shared.close());

/** An opportunity written before `firstCommentAt` existed: commented, its comment in its history. */
function legacyCommented(organisationId: string) {
  return {
    _id: newId(),
    organisationId,
    prospectId: newId(),
    excelId: '',
    userId: newId(),
    state: 'TODO',
    creationDate: NOW - 10_000,
    isPrivate: false,
    messageCount: 1,
    history: [
      { at: NOW - 5000, by: 'x', from: 'TODO', to: 'TODO', kind: 'comment' },
      { at: NOW - 3000, by: 'x', from: 'TODO', to: 'TODO', kind: 'comment' },
    ],
  };
}

it('dates the commented opportunities of an old store at its first start, then marks the pass done and skips it', async () => {
  const first = await shared.instance();
  const opportunities = first.store.collection<{ _id: string; firstCommentAt?: number }>('opportunities');
  const markers = first.store.collection<{ _id: string; doneAt: number }>('opportunityMigrations');
  // A fresh store: nothing to date, the pass is marked done at once.
  expect(await markers.findOne({ _id: FIRST_COMMENTS_MIGRATION_ID })).toEqual({
    _id: FIRST_COMMENTS_MIGRATION_ID,
    doneAt: NOW,
  });

  // Written after the mark (no current write path leaves a comment undated): a start leaves it.
  const afterMark = legacyCommented(newId());
  await opportunities.insertOne(afterMark);
  await shared.instance();
  expect((await opportunities.findOne({ _id: afterMark._id }))?.firstCommentAt).toBeUndefined();

  // An old store (no mark): the next start dates it from its earliest comment line, and marks.
  await markers.deleteMany({});
  await shared.instance();
  expect((await opportunities.findOne({ _id: afterMark._id }))?.firstCommentAt).toBe(NOW - 5000);
  expect(await markers.countDocuments({ _id: FIRST_COMMENTS_MIGRATION_ID })).toBe(1);
});
