// Enrichment of an imported file from the company registry, as a background step after the import:
// the file is ready and usable first, then its rows are looked up page by page (SIRET or SIREN) and
// given the fields they lack. Progress and counts live in the store; a slow or failing registry
// only ends the step early, reported, never the import. docs/decisions/registry-enrichment.md.
import {
  ENRICHMENT_MESSAGES,
  type EnrichmentReport,
  registryIdentifierOf,
  type RegistryIdentifier,
} from '@app/domain';
import type { Logger } from 'pino';
import type { CompanyRegistryConfig } from './config';
import { fileNotFound } from './errors';
import type { Caller } from './import-service';
import { createRegistrySearch, RegistryUnavailableError, type RegistrySearch } from './registry-client';
import { missingOnly, outcomeOf, type RegistryOutcome } from './registry-facts';
import type {
  EnrichmentCounts,
  EnrichmentDoc,
  EnrichmentRow,
  RegistryRepository,
} from './registry-repository';

/** Rows read and written per page: a few seconds of lookups at 7 calls/s between two progress writes. */
export const ENRICHMENT_PAGE = 20;
/** Lookups in flight at once; the token bucket sets the pace, this only hides each call's latency. */
const CONCURRENCY = 4;
/** A running enrichment without a heartbeat for this long is taken over by the next sweep. */
export const ENRICHMENT_STALE_MS = 2 * 60 * 1000;

export type RegistryEnrichmentDeps = {
  repository: RegistryRepository;
  registry: CompanyRegistryConfig;
  /** Whether the caller sees this file (ready, not someone else's private file). */
  isVisibleFile: (caller: Caller, excelId: string) => Promise<boolean>;
  /** Tells the opportunities component that the organisation's prospects changed. */
  prospectsChanged: (organisationId: string) => Promise<void>;
  /** The enrichment of a file came to its end (its creator is notified). */
  ended: (organisationId: string, excelId: string, failed: boolean) => Promise<void>;
  logger: Logger;
  now: () => number;
};

const emptyCounts = (): EnrichmentCounts => ({
  processed: 0,
  enriched: 0,
  notFound: 0,
  closed: 0,
  failed: 0,
  withoutIdentifier: 0,
});

function reportOf(doc: EnrichmentDoc): EnrichmentReport {
  return {
    status: doc.status,
    message: doc.message,
    total: doc.total,
    processed: doc.processed,
    enriched: doc.enriched,
    notFound: doc.notFound,
    closed: doc.closed,
    failed: doc.failed,
    withoutIdentifier: doc.withoutIdentifier,
  };
}

const skipped = (message: string): EnrichmentReport => ({
  status: 'skipped',
  message,
  total: 0,
  processed: 0,
  enriched: 0,
  notFound: 0,
  closed: 0,
  failed: 0,
  withoutIdentifier: 0,
});

export class RegistryEnrichment {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: RegistryEnrichmentDeps) {}

  ensureIndexes(): Promise<void> {
    return this.deps.repository.ensureIndexes();
  }

  get configured(): boolean {
    return this.deps.registry.url !== undefined;
  }

  /** Called once a file is ready: records the step and starts it without waiting for it. */
  async begin(file: { excelId: string; organisationId: string; count: number }): Promise<void> {
    if (!this.configured) return;
    const { repository, now } = this.deps;
    await repository.begin(
      { _id: file.excelId, organisationId: file.organisationId, count: file.count },
      now(),
    );
    const doc = await repository.find(file.organisationId, file.excelId);
    if (doc) this.launch(doc);
  }

  async report(caller: Caller, excelId: string): Promise<EnrichmentReport> {
    if (!(await this.deps.isVisibleFile(caller, excelId))) throw fileNotFound();
    const doc = await this.deps.repository.find(caller.organisationId, excelId);
    if (doc) return reportOf(doc);
    return skipped(this.configured ? ENRICHMENT_MESSAGES.notRun : ENRICHMENT_MESSAGES.notConfigured);
  }

  /** Takes over the enrichments a stopped process left running (at start, then at every sweep). */
  async resumeStale(): Promise<number> {
    if (!this.configured) return 0;
    const { repository, now } = this.deps;
    let resumed = 0;
    for (const doc of await repository.stale(now() - ENRICHMENT_STALE_MS)) {
      const heartbeatAt = now();
      if (!(await repository.claim(doc, heartbeatAt))) continue;
      this.launch({ ...doc, heartbeatAt });
      resumed += 1;
    }
    return resumed;
  }

  /** Lets the running pages end (API stop); what is left is resumed by the next process. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  private launch(doc: EnrichmentDoc): void {
    const run = this.run(doc)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, excelId: doc._id }, 'Échec de l’enrichissement du fichier'),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async run(start: EnrichmentDoc): Promise<void> {
    const { repository, now } = this.deps;
    const registry = this.deps.registry;
    if (registry.url === undefined) return;
    const search = createRegistrySearch({ ...registry, url: registry.url });
    // Rows of one file often share a SIRET or SIREN (duplicates kept, several establishments).
    const known = new Map<string, Promise<RegistryOutcome>>();
    let doc = start;
    for (;;) {
      if (this.stopped) return;
      if (!(await repository.fileIsReady(doc.organisationId, doc._id))) {
        await repository.remove(doc._id);
        return;
      }
      const rows = await repository.nextRows(doc.organisationId, doc._id, doc.cursor, ENRICHMENT_PAGE);
      if (rows.length === 0) {
        await repository.end(doc, 'done', null);
        await this.deps.ended(doc.organisationId, doc._id, false);
        return;
      }
      const { counts, unavailable } = await this.enrichPage(doc.organisationId, rows, search, known);
      const last = rows.at(-1)?.rowIndex ?? doc.cursor;
      const heartbeatAt = now();
      if (!(await repository.advance(doc, last, counts, heartbeatAt))) return;
      doc = { ...doc, cursor: last, heartbeatAt };
      if (counts.enriched > 0) await this.deps.prospectsChanged(doc.organisationId);
      if (unavailable) {
        this.deps.logger.warn(
          { excelId: doc._id, err: unavailable },
          'Registre des entreprises indisponible',
        );
        await repository.end(doc, 'failed', ENRICHMENT_MESSAGES.unavailable);
        await this.deps.ended(doc.organisationId, doc._id, true);
        return;
      }
    }
  }

  /**
   * Looks the page's rows up and fills what they lack. After a lookup that failed all its retries the
   * registry is taken as down: the rest of the page is not looked up, and the run ends after it.
   */
  private async enrichPage(
    organisationId: string,
    rows: EnrichmentRow[],
    search: RegistrySearch,
    known: Map<string, Promise<RegistryOutcome>>,
  ): Promise<{ counts: EnrichmentCounts; unavailable: RegistryUnavailableError | null }> {
    const counts = emptyCounts();
    let unavailable: RegistryUnavailableError | null = null;
    const lookup = (identifier: RegistryIdentifier) => {
      let outcome = known.get(identifier.value);
      if (!outcome) {
        outcome = search(identifier.value).then((companies) => outcomeOf(identifier, companies));
        known.set(identifier.value, outcome);
        // A failure is not remembered: a later run may succeed.
        outcome.catch(() => known.delete(identifier.value));
      }
      return outcome;
    };

    const handle = async (row: EnrichmentRow) => {
      const identifier = registryIdentifierOf(row.siret);
      if (identifier === null) {
        counts.withoutIdentifier += 1;
        counts.processed += 1;
        return;
      }
      if (unavailable) return;
      let outcome: RegistryOutcome;
      try {
        outcome = await lookup(identifier);
      } catch (error) {
        if (!(error instanceof RegistryUnavailableError)) throw error;
        unavailable = error;
        counts.failed += 1;
        counts.processed += 1;
        return;
      }
      counts.processed += 1;
      if (outcome.kind === 'notFound') {
        counts.notFound += 1;
        return;
      }
      if (outcome.closed) counts.closed += 1;
      const facts = missingOnly(row, outcome.facts);
      if (
        Object.keys(facts).length > 0 &&
        (await this.deps.repository.fill(organisationId, row, facts, this.deps.now()))
      )
        counts.enriched += 1;
    };

    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next] as EnrichmentRow;
        next += 1;
        await handle(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
    return { counts, unavailable };
  }
}
