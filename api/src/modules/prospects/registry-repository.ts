// The enrichment of imported files: one document per file (its progress and counts, in the store so
// any API process can report it or take it over), and the reads and writes it makes on the file's rows.
import { deriveProspectFields, type EnrichmentReport, EMPTY_VALUE, type ProspectFields } from '@app/domain';
import type { Collection, Store } from '../../db/types';
import type { RegistryFacts } from './registry-facts';
import type { ProspectDoc, ProspectFileDoc } from './repository';

export type EnrichmentDoc = Omit<EnrichmentReport, 'status'> & {
  /** The file's id. */
  _id: string;
  organisationId: string;
  status: Exclude<EnrichmentReport['status'], 'skipped'>;
  /** rowIndex of the last row gone through; the next page starts after it. */
  cursor: number;
  /** Moved at every page: a running enrichment whose heartbeat stopped is taken over. */
  heartbeatAt: number;
  startedAt: number;
};

export type EnrichmentCounts = Pick<
  EnrichmentReport,
  'processed' | 'enriched' | 'notFound' | 'closed' | 'failed' | 'withoutIdentifier'
>;

export type EnrichmentRow = Pick<ProspectDoc, '_id' | 'rowIndex'> & ProspectFields;

export class RegistryRepository {
  private readonly enrichments: Collection<EnrichmentDoc>;
  private readonly prospects: Collection<ProspectDoc>;
  private readonly files: Collection<ProspectFileDoc>;

  constructor(store: Store) {
    this.enrichments = store.collection<EnrichmentDoc>('registryEnrichments');
    this.prospects = store.collection<ProspectDoc>('prospects');
    this.files = store.collection<ProspectFileDoc>('prospectFiles');
  }

  async ensureIndexes(): Promise<void> {
    await this.enrichments.createIndex({ status: 1, heartbeatAt: 1 });
  }

  async begin(file: { _id: string; organisationId: string; count: number }, now: number): Promise<void> {
    await this.enrichments.insertOne({
      _id: file._id,
      organisationId: file.organisationId,
      status: 'running',
      message: null,
      total: file.count,
      processed: 0,
      enriched: 0,
      notFound: 0,
      closed: 0,
      failed: 0,
      withoutIdentifier: 0,
      cursor: -1,
      heartbeatAt: now,
      startedAt: now,
    });
  }

  find(organisationId: string, excelId: string): Promise<EnrichmentDoc | null> {
    return this.enrichments.findOne({ _id: excelId, organisationId });
  }

  /** The file is still there and ready (not deleted meanwhile). */
  async fileIsReady(organisationId: string, excelId: string): Promise<boolean> {
    return (await this.files.countDocuments({ _id: excelId, organisationId, status: 'ready' })) === 1;
  }

  /** The next rows of the file after `cursor`, in file order, with the fields enrichment reads. */
  nextRows(organisationId: string, excelId: string, cursor: number, limit: number): Promise<EnrichmentRow[]> {
    return this.prospects.find(
      { organisationId, excelId, rowIndex: { $gt: cursor } },
      { sort: { rowIndex: 1 }, limit, projection: { searchText: 0, dedupKey: 0, value: 0 } },
    );
  }

  /** Fills the row's missing fields and what is derived from them (département, search, dedup key). */
  /**
   * Fills the fields and moves the prospect's version (the form shows them: a member's form opened
   * before must not save its blanks over them unseen; edit-conflicts.md); `at`: now.
   */
  async fill(organisationId: string, row: EnrichmentRow, facts: RegistryFacts, at: number): Promise<boolean> {
    const fields: ProspectFields = { ...row, ...facts };
    const set: Partial<ProspectDoc> = { ...facts, ...deriveProspectFields(fields) };
    // Only where the field is still missing: an edit made meanwhile by a salesperson wins.
    const stillMissing = Object.fromEntries(Object.keys(facts).map((field) => [field, EMPTY_VALUE]));
    const { matchedCount } = await this.prospects.updateOne(
      { _id: row._id, organisationId, ...stillMissing },
      { $set: { ...set, modifiedAt: at }, $unset: { modifiedBy: true }, $inc: { version: 1 } },
    );
    return matchedCount === 1;
  }

  /** Records one page, only while this run still holds the enrichment (same heartbeat). */
  async advance(
    doc: Pick<EnrichmentDoc, '_id' | 'heartbeatAt'>,
    cursor: number,
    counts: EnrichmentCounts,
    now: number,
  ): Promise<boolean> {
    const { matchedCount } = await this.enrichments.updateOne(
      { _id: doc._id, status: 'running', heartbeatAt: doc.heartbeatAt },
      { $set: { cursor, heartbeatAt: now }, $inc: counts },
    );
    return matchedCount === 1;
  }

  async end(
    doc: Pick<EnrichmentDoc, '_id' | 'heartbeatAt'>,
    status: 'done' | 'failed',
    message: string | null,
  ): Promise<void> {
    await this.enrichments.updateOne(
      { _id: doc._id, status: 'running', heartbeatAt: doc.heartbeatAt },
      { $set: { status, message } },
    );
  }

  async remove(excelId: string): Promise<void> {
    await this.enrichments.deleteOne({ _id: excelId });
  }

  /** Running enrichments whose process stopped beating (crash, restart). */
  stale(before: number): Promise<EnrichmentDoc[]> {
    return this.enrichments.find({ status: 'running', heartbeatAt: { $lt: before } });
  }

  /** Takes a stale enrichment over; false when another process took it first. */
  async claim(doc: EnrichmentDoc, now: number): Promise<boolean> {
    const { matchedCount } = await this.enrichments.updateOne(
      { _id: doc._id, status: 'running', heartbeatAt: doc.heartbeatAt },
      { $set: { heartbeatAt: now } },
    );
    return matchedCount === 1;
  }
}
