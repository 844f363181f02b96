// Every imported prospect gets a position in the background, as the registry enrichment does: first
// from the offline reference data (offline-positions.ts) over the whole file, quickly; then, when an
// address service is configured (GEOCODER_URL), refined to the address, one call at a time at a gentle
// rate. Progress lives in the store per file, so a stopped process's work is taken over; writes are
// conditional, so a position set at the address is never replaced. docs/decisions/offline-positions.md.
import { yieldToEventLoop } from '@app/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error';
import type { Geocoder } from './geocoder';
import type { OfflinePositions } from './offline-positions';
import {
  addressQueryOf,
  type PositioningDoc,
  type PositioningRepository,
  type PositioningRow,
  type PositionWrite,
} from './positioning-repository';

/** Rows per page of the file-less pass: a few ms of store writes between two turns of the event loop. */
export const POSITIONING_PAGE = 250;
/**
 * Row indexes per step of the offline phase: at most this many rows written in one transaction (a
 * backfill), or scanned in the index without being read (a fresh import's rows, already positioned).
 */
export const POSITIONING_WINDOW = 250;
/** Rows per page of the address phase: the heartbeat moves at least every few seconds. */
const ADDRESS_PAGE = 20;
/** Address lookups per second at most: well under the national service's 50 per second and per IP. */
export const ADDRESS_RATE_PER_SECOND = 10;
/** A running positioning without a heartbeat for this long is taken over by the next sweep. */
export const POSITIONING_STALE_MS = 2 * 60 * 1000;
/** Marker of the one-off positioning of prospects outside any file. */
export const FILE_LESS_POSITIONS_ID = 'offline-positions-file-less';

export type PositioningDeps = {
  repository: PositioningRepository;
  positions: () => OfflinePositions;
  geocoder: Geocoder | null;
  prospectsChanged: (organisationId: string) => Promise<void>;
  logger: Logger;
  now: () => number;
};

export class ProspectPositioning {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: PositioningDeps) {}

  ensureIndexes(): Promise<void> {
    return this.deps.repository.ensureIndexes();
  }

  /** Called once a file is ready: records the step and starts it without waiting for it. */
  async begin(file: { excelId: string; organisationId: string }): Promise<void> {
    const now = this.deps.now();
    if (!(await this.deps.repository.begin({ _id: file.excelId, organisationId: file.organisationId }, now)))
      return;
    const doc = await this.deps.repository.find(file.excelId);
    if (doc) this.launch(doc);
  }

  /**
   * At start and at every sweep: begins the files imported before positions existed, takes over
   * the positionings a stopped process left running; at start, positions prospects outside any file.
   */
  async sweep(atStart: boolean): Promise<{ begun: number; resumed: number }> {
    const { repository, now } = this.deps;
    let begun = 0;
    for (const file of await repository.unpositionedFiles()) {
      if (this.stopped) break;
      await this.begin({ excelId: file._id, organisationId: file.organisationId });
      begun += 1;
    }
    let resumed = 0;
    for (const doc of await repository.stale(now() - POSITIONING_STALE_MS)) {
      const heartbeatAt = now();
      if (!(await repository.claim(doc, heartbeatAt))) continue;
      this.launch({ ...doc, heartbeatAt });
      resumed += 1;
    }
    if (atStart) this.track(this.positionFileLess());
    return { begun, resumed };
  }

  /** Lets the running pages end (API stop); what is left is resumed by the next process. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Resolves once no positioning runs in this process (tests, benchmark). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private launch(doc: PositioningDoc): void {
    this.track(this.run(doc));
  }

  private track(work: Promise<void>): void {
    const run = work
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'Échec du positionnement des prospects'),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async run(start: PositioningDoc): Promise<void> {
    const { repository, now } = this.deps;
    let doc = start;
    for (;;) {
      if (this.stopped) return;
      if (!(await repository.fileIsReady(doc.organisationId, doc._id))) {
        await repository.remove(doc._id);
        return;
      }
      const address = doc.phase === 'address';
      const page = address ? await this.addressPage(doc) : await this.offlinePage(doc);
      if (page === null) {
        // The offline phase over: the address phase from the first row, or the end.
        const next =
          !address && this.deps.geocoder !== null
            ? { phase: 'address' as const, cursor: -1 }
            : { status: 'done' as const };
        const heartbeatAt = now();
        if (!(await repository.advance(doc, next, {}, heartbeatAt))) return;
        if ('status' in next) return;
        doc = { ...doc, ...next, heartbeatAt };
        continue;
      }
      const { rows, last } = page;
      const outcome = address
        ? await this.refinePage(doc.organisationId, rows)
        : { ...(await this.positionPage(doc.organisationId, rows)), unavailable: false };
      const heartbeatAt = now();
      const counts = address ? { refined: outcome.written } : { positioned: outcome.written };
      // The address service down: its phase ends here; the offline positions stay.
      const set = outcome.unavailable ? { cursor: last, status: 'done' as const } : { cursor: last };
      if (!(await repository.advance(doc, set, counts, heartbeatAt))) return;
      doc = { ...doc, cursor: last, heartbeatAt };
      if (outcome.written > 0) await this.deps.prospectsChanged(doc.organisationId);
      if (outcome.unavailable) return;
      await yieldToEventLoop();
    }
  }

  /**
   * The rows without a precision in the next window of row indexes (the import positions rows as it
   * stores them, so a fresh file's pass only scans its index); null past the file's last row.
   */
  private async offlinePage(doc: PositioningDoc): Promise<{ rows: PositioningRow[]; last: number } | null> {
    const { repository } = this.deps;
    const last = doc.cursor + POSITIONING_WINDOW;
    const rows = await repository.unpositionedRows(doc.organisationId, doc._id, doc.cursor, last);
    if (rows.length > 0) return { rows, last };
    const next = await repository.nextRowIndex(doc.organisationId, doc._id, last);
    // Over a gap of skipped rows (duplicates, rejections) straight to the next stored one.
    return next === null ? null : { rows, last: Math.max(last, next - 1) };
  }

  /** The next rows in file order, a few at a time (each may cost an address lookup). */
  private async addressPage(doc: PositioningDoc): Promise<{ rows: PositioningRow[]; last: number } | null> {
    const rows = await this.deps.repository.nextRows(doc.organisationId, doc._id, doc.cursor, ADDRESS_PAGE);
    const last = rows.at(-1)?.rowIndex;
    return last === undefined ? null : { rows, last };
  }

  /** Offline positions for a page; rows already positioned at the same place are not written again. */
  private async positionPage(organisationId: string, rows: PositioningRow[]): Promise<{ written: number }> {
    const positions = this.deps.positions();
    const writes: PositionWrite[] = [];
    const addressIds: string[] = [];
    for (const row of rows) {
      if (row.latlngPrecision === 'address') continue;
      if (row.latlng !== undefined && row.latlngPrecision === undefined) {
        addressIds.push(row._id);
        continue;
      }
      const position = positions.locate(row);
      if (position === null) continue;
      if (position.latlng === row.latlng && position.latlngPrecision === row.latlngPrecision) continue;
      writes.push({ _id: row._id, ...position });
    }
    return { written: await this.deps.repository.writeOffline(organisationId, writes, addressIds) };
  }

  /** The address service for the page's rows with a street address, one call at a time. */
  private async refinePage(
    organisationId: string,
    rows: PositioningRow[],
  ): Promise<{ written: number; unavailable: boolean }> {
    const geocoder = this.deps.geocoder;
    if (geocoder === null) return { written: 0, unavailable: false };
    let written = 0;
    for (const row of rows) {
      if (this.stopped) break;
      if (row.latlngPrecision === 'address') continue;
      const query = addressQueryOf(row);
      if (query === null) continue;
      let found;
      try {
        found = await geocoder(query);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        this.deps.logger.warn(
          { err: error },
          'Service de géolocalisation indisponible, positions hors ligne gardées',
        );
        return { written, unavailable: true };
      }
      if (
        found &&
        (await this.deps.repository.writeAddress(organisationId, row._id, `${found.lat}/${found.lng}`))
      )
        written += 1;
      await sleep(1000 / ADDRESS_RATE_PER_SECOND);
    }
    return { written, unavailable: false };
  }

  /** Prospects outside any file: made by hand, or kept for their opportunity after their file went. */
  private async positionFileLess(): Promise<void> {
    const { repository, now } = this.deps;
    if (await repository.migrationDone(FILE_LESS_POSITIONS_ID)) return;
    let after = '';
    for (;;) {
      if (this.stopped) return;
      const page = await repository.fileLessPage(after, POSITIONING_PAGE);
      const byOrganisation = new Map<string, PositioningRow[]>();
      for (const row of page)
        byOrganisation.set(row.organisationId, [...(byOrganisation.get(row.organisationId) ?? []), row]);
      for (const [organisationId, rows] of byOrganisation) {
        const { written } = await this.positionPage(organisationId, rows);
        if (written > 0) await this.deps.prospectsChanged(organisationId);
      }
      const last = page.at(-1);
      if (!last || page.length < POSITIONING_PAGE) break;
      after = last._id;
      await yieldToEventLoop();
    }
    await repository.markMigrationDone(FILE_LESS_POSITIONS_ID, now());
  }
}
