// After a start, each API process reads the lists of the largest organisations before anyone asks:
// their keys, their cards with the prospects' views and, for the lists the browser asks the server for,
// every opportunity's facts. Without it the first calls after a start (a deploy, a restart) paid for
// that reading themselves: at 1,000 sessions the first half-minute's lists were the slowest of the run.
// docs/decisions/lists-warm-up.md.
import type { Logger } from 'pino';
import type { OpportunitiesRepository } from './repository';
import type { ListReads } from './use-cases/read-lists';

/** Cards read ahead over all organisations: half of MAX_CARDS, the rest for the lists opened meanwhile. */
export const WARM_CARDS = 60_000;
/** Organisations read ahead at most (the index keeps 32). */
export const WARM_ORGANISATIONS = 8;
/** A smaller list is read whole by its first call in a few milliseconds: nothing to win. */
export const WARM_FROM = 500;
/** The browser's SERVER_LIST_FROM: from this size its list asks the server, which needs the facts. */
export const FACTS_FROM = 2_000;

export type WarmUpDeps = {
  repository: Pick<OpportunitiesRepository, 'organisationSizes'>;
  lists: Pick<ListReads, 'warmAll'>;
  logger: Logger;
  /** False once the API stops: the warm-up ends at its next step. */
  going: () => boolean;
};

/** The organisations read ahead: the largest first, from WARM_FROM, within WARM_CARDS. */
export function organisationsToWarm(
  sizes: readonly { organisationId: string; count: number }[],
): { organisationId: string; count: number }[] {
  const chosen: { organisationId: string; count: number }[] = [];
  let left = WARM_CARDS;
  for (const size of sizes) {
    if (chosen.length === WARM_ORGANISATIONS) break;
    if (size.count < WARM_FROM || size.count > left) continue;
    chosen.push(size);
    left -= size.count;
  }
  return chosen;
}

/** Reads the chosen organisations' lists one after the other; returns the opportunities read. */
export async function warmLargestLists(deps: WarmUpDeps): Promise<number> {
  const startedAt = performance.now();
  const chosen = organisationsToWarm(await deps.repository.organisationSizes());
  let read = 0;
  for (const { organisationId, count } of chosen) {
    if (!deps.going()) break;
    await deps.lists.warmAll(organisationId, count >= FACTS_FROM, deps.going);
    read += count;
  }
  if (chosen.length > 0)
    deps.logger.info(
      { organisations: chosen.length, opportunities: read, ms: Math.round(performance.now() - startedAt) },
      'Listes des plus grandes organisations lues d’avance',
    );
  return read;
}
