// A batch's duplicate look-up: which of its keys the organisation's files the importer sees already
// hold. Run by the main thread, or, over the embedded store, by the thread that prepared the batch
// (import-worker.ts), off the event loop. docs/decisions/import-speed.md.
import type { ProspectsRepository } from './repository';

/** Duplicate keys looked up per query (a few ms of SQLite work, like an insert transaction). */
const LOOKUP_SLICE = 500;

/**
 * Where to look: the files the importer sees (the importing one among them); `before` leaves out the
 * importing file's rows from `fromRow` on (those the import is about to store again).
 */
export type DedupLookup = {
  organisationId: string;
  files: string[];
  before?: { excelId: string; fromRow: number };
};

/** The keys among `keys` stored in the lookup's files, by slices (`pause` between two of them). */
export async function storedDedupKeys(
  repository: Pick<ProspectsRepository, 'existingDedupKeys'>,
  lookup: DedupLookup,
  keys: readonly string[],
  pause?: () => Promise<void>,
): Promise<Set<string>> {
  const seen = new Set<string>();
  // By slices of keys: one query for a whole batch that repeats stored rows reads 2,000 documents at once.
  for (let first = 0; first < keys.length; first += LOOKUP_SLICE) {
    if (first > 0) await pause?.();
    const slice = keys.slice(first, first + LOOKUP_SLICE);
    const found = await repository.existingDedupKeys(
      lookup.organisationId,
      lookup.files,
      slice,
      lookup.before,
    );
    for (const key of found) seen.add(key);
  }
  return seen;
}
