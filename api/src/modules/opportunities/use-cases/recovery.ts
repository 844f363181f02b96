// Changes of state or owner a killed process left half-written (their mark is still on the
// opportunity) are finished at start: the list change record and the prospect's copies, from the
// opportunity as stored. Harmless when the change is in fact still running elsewhere: it writes the
// same values. docs/decisions/durability.md.
import { yieldToEventLoop } from '@app/domain';
import { WRITE_CHUNK } from '../repository';
import type { OpportunityDeps } from './context';
import { writeTrackedChanges } from './tracked-change';

export async function finishInterruptedChanges(
  deps: Pick<OpportunityDeps, 'repository' | 'gateway' | 'users' | 'history'>,
): Promise<number> {
  let finished = 0;
  for (;;) {
    const docs = await deps.repository.unfinishedChanges();
    const owners = new Map(
      (await deps.users([...new Set(docs.map((doc) => doc.userId))])).map((user) => [
        user._id,
        user.username,
      ]),
    );
    for (const doc of docs) {
      finished += await writeTrackedChanges(
        deps,
        doc.organisationId,
        [
          {
            doc,
            // Already written: only what follows is missing.
            write: () => Promise.resolve(true),
            copy: { state: doc.state, owner: { userId: doc.userId, username: owners.get(doc.userId) ?? '' } },
          },
        ],
        doc.syncToken ?? '',
      );
    }
    if (docs.length < WRITE_CHUNK) return finished;
    await yieldToEventLoop();
  }
}
