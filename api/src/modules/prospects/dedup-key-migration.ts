// Issue 18 changed what a stored duplicate key means (a SIRET counts only when valid; without one,
// the company name counts as well as the enseigne and postal code). Prospects stored before keep the
// old key, which no new row would ever equal: this recomputes them once, at start, page by page.
// docs/decisions/prospect-import.md, "Duplicates".
import { deriveProspectFields, yieldToEventLoop } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Store } from '../../db/types';
import type { ProspectDoc } from './repository';

/** The marker written once every stored key follows the rule of issue 18. */
export const DEDUP_KEY_MIGRATION_ID = 'dedup-key-issue-18';
/** Read per page: a few ms of store work between two turns of the event loop. */
const PAGE = 1000;

type MigrationDoc = { _id: string; doneAt: number };

/**
 * Rewrites the duplicate key (and the SIRET flag) of the prospects stored under the old rule, unless
 * done already; returns how many changed, or null when there was nothing to do. Only the rows whose
 * key can change are read: those with a name key and those with a flagged SIRET (a valid SIRET keeps
 * `siret:<14 digits>`). Running it twice, or on two instances at once, writes the same values.
 */
export async function migrateDedupKeys(store: Store, now: () => number): Promise<number | null> {
  const migrations = store.collection<MigrationDoc>('prospectMigrations');
  if (await migrations.findOne({ _id: DEDUP_KEY_MIGRATION_ID })) return null;
  const prospects = store.collection<ProspectDoc>('prospects');
  let changed = 0;
  let after = '';
  for (;;) {
    const page = await prospects.find(
      {
        _id: { $gt: after },
        $or: [{ siretFlagged: true }, { dedupKey: { $gte: 'name:', $lt: 'name;' } }],
      },
      { sort: { _id: 1 }, limit: PAGE },
    );
    for (const doc of page) {
      const { dedupKey, siretFlagged } = deriveProspectFields(doc);
      if (dedupKey === doc.dedupKey && siretFlagged === doc.siretFlagged) continue;
      await prospects.updateOne(
        { _id: doc._id, organisationId: doc.organisationId },
        { $set: { dedupKey, siretFlagged } },
      );
      changed += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last._id;
    await yieldToEventLoop();
  }
  try {
    await migrations.insertOne({ _id: DEDUP_KEY_MIGRATION_ID, doneAt: now() });
  } catch (error) {
    // Another instance finished it at the same time.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  return changed;
}
