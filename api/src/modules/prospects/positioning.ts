// Every imported prospect gets a position in the background, as the registry enrichment does: first
// from the offline reference data (offline-positions.ts) over the whole file, quickly; then, when an
// address service is configured (GEOCODER_URL), refined to the address, one call at a time at a gentle
// rate. Progress lives in the store per file, so a stopped process's work is taken over; writes are
// conditional, so a position set at the address is never replaced. docs/decisions/offline-positions.md.
import { yieldToEventLoop } from '@app/domain';
import { performance } from 'node:perf_hooks';
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

/** Rows per page of the file-less pass at most (the pages shrink when writes are slow, see PageSize). */
export const POSITIONING_PAGE = 250;
/** Rows written in one transaction of the offline phase at most (a backfill). */
export const POSITIONING_WINDOW = 250;
/**
 * Row indexes looked through per step of the offline phase for rows without a position: a fresh
 * import's rows are all positioned already, so its pass reads 20 steps per 100,000 rows, not 400.
 */
export const POSITIONING_SCAN = 5000;
/** A page of writes should hold the event loop about this long: slower, the next page is smaller. */
const PAGE_TARGET_MS = 15;
const SMALLEST_PAGE = 10;

/**
 * The size of the next page of writes: halved after a page that held the event loop longer than
 * PAGE_TARGET_MS (a loaded disk, a busy machine), grown back after quick ones, within [10, largest].
 */
export class PageSize {
  private size: number;

  constructor(private readonly largest: number) {
    this.size = largest;
  }

  get rows(): number {
    return this.size;
  }

  record(ms: number): void {
    if (ms > PAGE_TARGET_MS) this.size = Math.max(SMALLEST_PAGE, Math.floor(this.size / 2));
    else if (ms < PAGE_TARGET_MS / 3) this.size = Math.min(this.largest, this.size * 2);
  }
}
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
    const pageSize = new PageSize(POSITIONING_WINDOW);
    let doc = start;
    for (;;) {
      if (this.stopped) return;
      if (!(await repository.fileIsReady(doc.organisationId, doc._id))) {
        await repository.remove(doc._id);
        return;
      }
      const address = doc.phase === 'address';
      const page = address ? await this.addressPage(doc) : await this.offlinePage(doc, pageSize.rows);
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
        : { ...(await this.positionPage(doc.organisationId, rows, pageSize)), unavailable: false };
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
   * The next rows without a precision (at most `limit`) among the next POSITIONING_SCAN row indexes;
   * the import positions rows as it stores them, so a fresh file's pass mostly finds none and moves a
   * whole scan on. Null past the file's last row.
   */
  private async offlinePage(
    doc: PositioningDoc,
    limit: number,
  ): Promise<{ rows: PositioningRow[]; last: number } | null> {
    const { repository } = this.deps;
    const end = doc.cursor + POSITIONING_SCAN;
    const rows = await repository.unpositionedRows(doc.organisationId, doc._id, doc.cursor, end, limit);
    // A full page: the scan goes on after its last row; else every such row up to `end` is in it.
    if (rows.length === limit) return { rows, last: (rows.at(-1) as PositioningRow).rowIndex };
    if (rows.length > 0) return { rows, last: end };
    const next = await repository.nextRowIndex(doc.organisationId, doc._id, end);
    // Over a gap of skipped rows (duplicates, rejections) straight to the next stored one.
    return next === null ? null : { rows, last: Math.max(end, next - 1) };
  }

  /** The next rows in file order, a few at a time (each may cost an address lookup). */
  private async addressPage(doc: PositioningDoc): Promise<{ rows: PositioningRow[]; last: number } | null> {
    const rows = await this.deps.repository.nextRows(doc.organisationId, doc._id, doc.cursor, ADDRESS_PAGE);
    const last = rows.at(-1)?.rowIndex;
    return last === undefined ? null : { rows, last };
  }

  /**
   * Offline positions for a page; rows already positioned at the same place are not written again.
   * The write's duration sizes the next page (`pageSize`).
   */
  private async positionPage(
    organisationId: string,
    rows: PositioningRow[],
    pageSize: PageSize,
  ): Promise<{ written: number }> {
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
    if (writes.length === 0 && addressIds.length === 0) return { written: 0 };
    const begun = performance.now();
    const written = await this.deps.repository.writeOffline(organisationId, writes, addressIds);
    pageSize.record(performance.now() - begun);
    return { written };
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
    const pageSize = new PageSize(POSITIONING_PAGE);
    let after = '';
    for (;;) {
      if (this.stopped) return;
      const limit = pageSize.rows;
      const page = await repository.fileLessPage(after, limit);
      const byOrganisation = new Map<string, PositioningRow[]>();
      for (const row of page)
        byOrganisation.set(row.organisationId, [...(byOrganisation.get(row.organisationId) ?? []), row]);
      for (const [organisationId, rows] of byOrganisation) {
        const { written } = await this.positionPage(organisationId, rows, pageSize);
        if (written > 0) await this.deps.prospectsChanged(organisationId);
      }
      const last = page.at(-1);
      if (!last || page.length < limit) break;
      after = last._id;
      await yieldToEventLoop();
    }
    await repository.markMigrationDone(FILE_LESS_POSITIONS_ID, now());
  }
}
