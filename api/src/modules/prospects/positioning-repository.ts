// The positioning of imported files: one document per file (its phase, cursor and heartbeat, in the
// store so any API process can take it over), and the reads and conditional writes on its rows.
import { EMPTY_VALUE } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Filter, Store } from '../../db/types';
import type { ProspectDoc, ProspectFileDoc } from './repository';

/** 'offline': from the reference data, over the whole file; then 'address' when a geocoder is configured. */
export type PositioningPhase = 'offline' | 'address';

export type PositioningDoc = {
  /** The file's id. */
  _id: string;
  organisationId: string;
  status: 'running' | 'done';
  phase: PositioningPhase;
  /** rowIndex of the last row gone through in this phase. */
  cursor: number;
  heartbeatAt: number;
  startedAt: number;
  /** Rows given an offline position, and rows refined to their address. */
  positioned: number;
  refined: number;
};

export type PositioningRow = Pick<
  ProspectDoc,
  '_id' | 'rowIndex' | 'codePostale' | 'ville' | 'adresseComplete' | 'latlng' | 'latlngPrecision'
>;

export type PositionWrite = { _id: string; latlng: string; latlngPrecision: 'commune' | 'department' };

type MigrationDoc = { _id: string; doneAt: number };

const ROW_FIELDS = {
  _id: 1,
  rowIndex: 1,
  codePostale: 1,
  ville: 1,
  adresseComplete: 1,
  latlng: 1,
  latlngPrecision: 1,
} as const;

export class PositioningRepository {
  private readonly positionings: Collection<PositioningDoc>;
  private readonly prospects: Collection<ProspectDoc>;
  private readonly files: Collection<ProspectFileDoc>;
  private readonly migrations: Collection<MigrationDoc>;

  constructor(store: Store) {
    this.positionings = store.collection<PositioningDoc>('prospectPositionings');
    this.prospects = store.collection<ProspectDoc>('prospects');
    this.files = store.collection<ProspectFileDoc>('prospectFiles');
    this.migrations = store.collection<MigrationDoc>('prospectMigrations');
  }

  async ensureIndexes(): Promise<void> {
    await this.positionings.createIndex({ status: 1, heartbeatAt: 1 });
  }

  /** Records the file's positioning; false when it exists already (another process, a second call). */
  async begin(file: { _id: string; organisationId: string }, now: number): Promise<boolean> {
    try {
      await this.positionings.insertOne({
        _id: file._id,
        organisationId: file.organisationId,
        status: 'running',
        phase: 'offline',
        cursor: -1,
        heartbeatAt: now,
        startedAt: now,
        positioned: 0,
        refined: 0,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  find(excelId: string): Promise<PositioningDoc | null> {
    return this.positionings.findOne({ _id: excelId });
  }

  /** Ready files that have no positioning yet: those imported before positions existed. */
  async unpositionedFiles(): Promise<Pick<ProspectFileDoc, '_id' | 'organisationId'>[]> {
    const files = await this.files.find(
      { status: 'ready', manual: false },
      { projection: { _id: 1, organisationId: 1 } },
    );
    if (files.length === 0) return [];
    const known = await this.positionings.find(
      { _id: { $in: files.map((file) => file._id) } },
      { projection: { _id: 1 } },
    );
    const done = new Set(known.map((doc) => doc._id));
    return files.filter((file) => !done.has(file._id));
  }

  async fileIsReady(organisationId: string, excelId: string): Promise<boolean> {
    return (await this.files.countDocuments({ _id: excelId, organisationId, status: 'ready' })) === 1;
  }

  /**
   * The first `limit` rows of (after, upTo] without a precision: not positioned yet, or geocoded
   * before precisions. The (organisationId, excelId, rowIndex) index bounds the rows looked at.
   */
  unpositionedRows(
    organisationId: string,
    excelId: string,
    after: number,
    upTo: number,
    limit: number,
  ): Promise<PositioningRow[]> {
    return this.prospects.find(
      { organisationId, excelId, rowIndex: { $gt: after, $lte: upTo }, latlngPrecision: { $exists: false } },
      { sort: { rowIndex: 1 }, limit, projection: ROW_FIELDS },
    );
  }

  /** The rowIndex of the file's first row after `after`, null when there is none. */
  async nextRowIndex(organisationId: string, excelId: string, after: number): Promise<number | null> {
    const [next] = await this.prospects.find(
      { organisationId, excelId, rowIndex: { $gt: after } },
      { sort: { rowIndex: 1 }, limit: 1, projection: { rowIndex: 1 } },
    );
    return next?.rowIndex ?? null;
  }

  nextRows(
    organisationId: string,
    excelId: string,
    cursor: number,
    limit: number,
  ): Promise<PositioningRow[]> {
    return this.prospects.find(
      { organisationId, excelId, rowIndex: { $gt: cursor } },
      { sort: { rowIndex: 1 }, limit, projection: ROW_FIELDS },
    );
  }

  /**
   * A page's offline positions in one write (updateEach: one transaction, where a row at a time
   * would commit each), each unless the row was positioned at its address meanwhile; and the rows
   * geocoded before precisions were recorded, marked 'address'. Returns how many rows changed.
   */
  async writeOffline(organisationId: string, writes: PositionWrite[], addressIds: string[]): Promise<number> {
    const { matchedCount } = await this.prospects.updateEach([
      ...writes.map((write) => ({
        filter: { _id: write._id, organisationId, latlngPrecision: { $ne: 'address' as const } },
        update: { $set: { latlng: write.latlng, latlngPrecision: write.latlngPrecision } },
      })),
      ...addressIds.map((_id) => ({
        filter: { _id, organisationId, latlngPrecision: { $exists: false } },
        update: { $set: { latlngPrecision: 'address' as const } },
      })),
    ]);
    return matchedCount;
  }

  /** The address service's position, unless one was set at the address meanwhile. */
  async writeAddress(organisationId: string, prospectId: string, latlng: string): Promise<boolean> {
    const { matchedCount } = await this.prospects.updateOne(
      { _id: prospectId, organisationId, latlngPrecision: { $ne: 'address' } },
      { $set: { latlng, latlngPrecision: 'address' } },
    );
    return matchedCount === 1;
  }

  /** Records one page, only while this run still holds the positioning (same heartbeat). */
  async advance(
    doc: Pick<PositioningDoc, '_id' | 'heartbeatAt'>,
    set: Partial<Pick<PositioningDoc, 'cursor' | 'phase' | 'status'>>,
    counts: Partial<Pick<PositioningDoc, 'positioned' | 'refined'>>,
    now: number,
  ): Promise<boolean> {
    const { matchedCount } = await this.positionings.updateOne(
      { _id: doc._id, status: 'running', heartbeatAt: doc.heartbeatAt },
      { $set: { ...set, heartbeatAt: now }, $inc: counts },
    );
    return matchedCount === 1;
  }

  async remove(excelId: string): Promise<void> {
    await this.positionings.deleteOne({ _id: excelId });
  }

  stale(before: number): Promise<PositioningDoc[]> {
    return this.positionings.find({ status: 'running', heartbeatAt: { $lt: before } });
  }

  async claim(doc: PositioningDoc, now: number): Promise<boolean> {
    const { matchedCount } = await this.positionings.updateOne(
      { _id: doc._id, status: 'running', heartbeatAt: doc.heartbeatAt },
      { $set: { heartbeatAt: now } },
    );
    return matchedCount === 1;
  }

  /**
   * Prospects outside any file (made by hand before positions existed, or kept after their file was
   * deleted) without a precision, by pages of `_id`; once per store (the marker says it was done).
   */
  async fileLessPage(after: string, limit: number): Promise<(PositioningRow & { organisationId: string })[]> {
    const filter: Filter<ProspectDoc> = {
      _id: { $gt: after },
      latlngPrecision: { $exists: false },
      $or: [{ excelId: '' }, { excelDeletedAt: { $exists: true } }],
    };
    return this.prospects.find(filter, {
      sort: { _id: 1 },
      limit,
      projection: { ...ROW_FIELDS, organisationId: 1 },
    });
  }

  async migrationDone(id: string): Promise<boolean> {
    return (await this.migrations.findOne({ _id: id })) !== null;
  }

  async markMigrationDone(id: string, now: number): Promise<void> {
    try {
      await this.migrations.insertOne({ _id: id, doneAt: now });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
}

/** The address the geocoder is asked for, or null without a street address. */
export function addressQueryOf(row: PositioningRow): string | null {
  if (row.adresseComplete === EMPTY_VALUE || row.adresseComplete.trim() === '') return null;
  return [row.adresseComplete, row.codePostale, row.ville].filter((part) => part !== EMPTY_VALUE).join(' ');
}
