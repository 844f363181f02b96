// What changed among an organisation's prospects between two of its change stamps, as the prospects
// module records it with each move: the views this process keeps of them (the server-side list's
// facts, the cards' prospects, whole list pages) are brought forward past a move that did not touch
// them instead of being read again. docs/decisions/load.md, "The list's prospect views after a
// prospect change".
import type { ProspectCatalogue, ProspectChanges } from '../prospects/module';

/** Answers kept (each is a few ids at most: a move of many prospects is recorded as "any"). */
const KEPT = 256;
const NONE: ProspectChanges = new Set<string>();

export class ProspectChangeLog {
  private readonly known = new Map<string, ProspectChanges>();

  constructor(private readonly catalogue: Pick<ProspectCatalogue, 'changesBetween'>) {}

  /**
   * The prospects changed after stamp `from` up to `to`, null when not known exactly (or `from` is
   * -1: nothing read yet). What changed between two stamps already passed never changes, so the
   * answers are kept.
   */
  async between(organisationId: string, from: number, to: number): Promise<ProspectChanges> {
    if (from < 0) return null;
    if (to <= from) return NONE;
    const key = `${organisationId}:${from}:${to}`;
    if (this.known.has(key)) return this.known.get(key) ?? null;
    const changes = await this.catalogue.changesBetween(organisationId, from, to);
    this.known.set(key, changes);
    if (this.known.size > KEPT) this.known.delete(this.known.keys().next().value as string);
    return changes;
  }
}
