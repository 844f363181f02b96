// The prospect records the opportunities component works with, beyond visibleProspect/accept/release:
// a page of prospects by id, their edition, the manual prospect, the unassigned pool. They live here,
// with the stored shape and visibility rules (docs/decisions/prospect-import.md), and reach the
// opportunities component only through the catalogue the module exports.
import { deriveProspectFields, type OpportunityState, type ProspectFields } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store } from '../../db/types';
import type { OfflinePositions } from './offline-positions';
import type { ProspectDoc } from './repository';

type FileDoc = {
  _id: string;
  organisationId: string;
  status: string;
  isPrivate: boolean;
  userId: string;
  username: string;
  name: string;
  date: number;
};

/** The marker written once every taken prospect has its `acceptedAt`. */
const ACCEPTANCE_DATES_MIGRATION_ID = 'accepted-at-issue-22';

export type PoolRow = Omit<ProspectDoc, 'searchText' | 'dedupKey'> & { username: string; fileName: string };

export type ProspectEdit = ProspectFields & { value: string };

export class ProspectRecords {
  private readonly prospects: Collection<ProspectDoc>;
  private readonly files: Collection<FileDoc>;
  private readonly migrations: Collection<{ _id: string; doneAt: number }>;

  /** `positions` places manual prospects and edited addresses (omitted by readers that never write). */
  constructor(
    store: Store,
    private readonly positions?: () => OfflinePositions,
  ) {
    this.prospects = store.collection<ProspectDoc>('prospects');
    this.files = store.collection<FileDoc>('prospectFiles');
    this.migrations = store.collection('prospectMigrations');
  }

  async ensureIndexes(): Promise<void> {
    await this.prospects.createIndex({ organisationId: 1, isAccepted: 1, excelId: 1, rowIndex: 1 });
    // A page's prospects by id: without it SQLite walks the organisation's index instead.
    await this.prospects.createIndex({ organisationId: 1, _id: 1 });
  }

  /**
   * Whole documents (SQLite reads them faster as stored than with fields removed), looked up by `_id`
   * alone and kept when they belong to the organisation: checking the organisation here instead of
   * in the query halves the read of an export's 100,000 prospects (docs/decisions/opportunities.md).
   */
  async byIds(organisationId: string, ids: readonly string[]): Promise<ProspectDoc[]> {
    if (ids.length === 0) return [];
    const found = await this.prospects.find({ _id: { $in: [...new Set(ids)] } });
    return found.filter((doc) => doc.organisationId === organisationId);
  }

  /** Whether every taken prospect has its `acceptedAt` (the marker acceptancesDated writes). */
  async acceptancesAllDated(): Promise<boolean> {
    return (await this.migrations.findOne({ _id: ACCEPTANCE_DATES_MIGRATION_ID })) !== null;
  }

  /** The taken prospects stored before `acceptedAt` existed (issue 22), a page at a time after `after`. */
  async undatedAcceptances(
    after: string,
    limit: number,
  ): Promise<Pick<ProspectDoc, '_id' | 'organisationId' | 'opportunityId'>[]> {
    return this.prospects.find(
      { _id: { $gt: after }, isAccepted: true, acceptedAt: { $exists: false } },
      { sort: { _id: 1 }, limit, projection: { organisationId: 1, opportunityId: 1 } },
    );
  }

  async dateAcceptances(dates: readonly { prospectId: string; organisationId: string; at: number }[]) {
    await this.prospects.updateEach(
      dates.map((date) => ({
        filter: { _id: date.prospectId, organisationId: date.organisationId, isAccepted: true },
        update: { $set: { acceptedAt: date.at } },
      })),
    );
  }

  async acceptancesDated(now: number): Promise<void> {
    try {
      await this.migrations.insertOne({ _id: ACCEPTANCE_DATES_MIGRATION_ID, doneAt: now });
    } catch (error) {
      // Another instance finished at the same time.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async setState(organisationId: string, prospectId: string, state: OpportunityState): Promise<void> {
    await this.prospects.updateOne({ _id: prospectId, organisationId }, { $set: { state } });
  }

  async setOwner(
    organisationId: string,
    prospectId: string,
    userId: string,
    username: string,
  ): Promise<void> {
    await this.prospects.updateOne(
      { _id: prospectId, organisationId },
      { $set: { acceptedBy: userId, acceptedUsername: username } },
    );
  }

  /**
   * A member's edit: the version moves by one; with `change.expected` it applies only while the
   * prospect is still at that version (false otherwise, nothing written).
   */
  async edit(
    organisationId: string,
    prospectId: string,
    edit: ProspectEdit,
    change: { by: string; at: number; expected?: number },
  ): Promise<boolean> {
    const filter: Filter<ProspectDoc> = { _id: prospectId, organisationId };
    if (change.expected !== undefined)
      filter.$or =
        change.expected === 0
          ? [{ version: 0 }, { version: { $exists: false } }]
          : [{ version: change.expected }];
    const { matchedCount } = await this.prospects.updateOne(filter, {
      $set: {
        ...edit,
        ...deriveProspectFields(edit),
        modifiedAt: change.at,
        modifiedBy: change.by,
        // A member's edit: the prospect is no longer untouched ("Annuler l'import" keeps it).
        editedAt: change.at,
      },
      $inc: { version: 1 },
    });
    if (matchedCount === 0) return false;
    // The offline position follows the new postal code and town; one set at the address stays.
    const position = this.positions?.().locate(edit);
    if (position)
      await this.prospects.updateOne(
        { _id: prospectId, organisationId, latlngPrecision: { $ne: 'address' } },
        { $set: position },
      );
    return true;
  }

  /** A prospect typed in the new-opportunity modal: accepted at once, outside any file. */
  async insertManual(input: {
    organisationId: string;
    userId: string;
    username: string;
    fields: ProspectFields;
    value: string;
    state: OpportunityState;
    opportunityId: string;
    /** The opportunity's creation. */
    acceptedAt: number;
  }): Promise<ProspectDoc> {
    const doc: Omit<ProspectDoc, '_id'> = {
      ...input.fields,
      ...deriveProspectFields(input.fields),
      organisationId: input.organisationId,
      excelId: '',
      userId: input.userId,
      isPrivate: false,
      rowIndex: 0,
      value: input.value,
      isAccepted: true,
      state: input.state,
      opportunityId: input.opportunityId,
      acceptedBy: input.userId,
      acceptedUsername: input.username,
      acceptedAt: input.acceptedAt,
      ...(this.positions?.().locate(input.fields) ?? {}),
    };
    const { insertedId } = await this.prospects.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  async deleteManual(organisationId: string, prospectId: string): Promise<void> {
    await this.prospects.deleteOne({ _id: prospectId, organisationId, excelId: '' });
  }

  /** Ready files the caller may see (not another member's private one), oldest first. */
  private visibleFiles(organisationId: string, userId: string): Promise<FileDoc[]> {
    return this.files.find(
      { organisationId, status: 'ready', $or: [{ isPrivate: false }, { userId }] },
      { sort: { date: 1, _id: 1 }, projection: { _id: 1, username: 1, name: 1 } },
    );
  }

  /** The prospects of visible files not yet taken as opportunities, file after file, in file order. */
  async pool(
    organisationId: string,
    userId: string,
    offset: number,
    limit: number,
  ): Promise<{ value: PoolRow[]; total: number }> {
    const files = await this.visibleFiles(organisationId, userId);
    const byId = new Map(files.map((file) => [file._id, file]));
    const counts = await Promise.all(
      files.map((file) => this.prospects.countDocuments(this.poolOf(organisationId, file._id))),
    );
    const total = counts.reduce((sum, count) => sum + count, 0);
    const value: PoolRow[] = [];
    let skip = offset;
    for (const [index, file] of files.entries()) {
      const count = counts[index] ?? 0;
      if (value.length >= limit) break;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      const rows = await this.prospects.find(this.poolOf(organisationId, file._id), {
        sort: { rowIndex: 1 },
        skip,
        limit: limit - value.length,
        projection: { searchText: 0, dedupKey: 0 },
      });
      skip = 0;
      const owner = byId.get(file._id);
      for (const row of rows)
        value.push({ ...row, username: owner?.username ?? '', fileName: owner?.name ?? '' });
    }
    return { value, total };
  }

  private poolOf(organisationId: string, excelId: string): Filter<ProspectDoc> {
    return { organisationId, isAccepted: false, excelId };
  }
}
