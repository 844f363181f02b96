// The prospects component as the composition root sees it: what it needs, what it starts and
// stops, its routes, and what the opportunities component may call (ProspectCatalogue).
import type { Logger } from 'pino';
import type { CompanyRegistryConfig } from './config';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { AppError } from '../../http/app-error';
import { clusterSignals } from '../../process-signals';
import { createProspectBinPort, type ProspectBinPort } from './bin-port';
import { createProspectBulkRead, type ProspectBulkRead } from './bulk-read';
import { migrateDedupKeys } from './dedup-key-migration';
import { createGeocoder, GEOCODER_MESSAGES, type LatLng } from './geocoder';
import { FileReadPool } from './file-read-pool';
import { ImportLeaseWaits } from './import-lease-waits';
import { ImportPool } from './import-pool';
import { IMPORT_IDLE_MS, ProspectImportService } from './import-service';
import { offlinePositions, warmOfflinePositions } from './offline-positions';
import { PositioningRepository } from './positioning-repository';
import { ProspectPositioning } from './positioning';
import { ProspectRecords } from './prospect-records';
import { RegistryEnrichment } from './registry-enrichment';
import { RegistryRepository } from './registry-repository';
import {
  createProspectReportFigures,
  ensureProspectReportIndexes,
  type ProspectReportFigures,
} from './report-figures';
import { type ProspectChanges, ProspectsRepository } from './repository';
import { registerProspectRoutes } from './routes';
import { ProspectsService } from './service';
import type { RecordAudit } from '../audit/module';
import type { Notify } from '../notifications/module';

export type { ProspectReportFigures, ReportFile, TakenProspectsQuery } from './report-figures';
export type ProspectsModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  usernameOf: (userId: string) => Promise<string>;
  geocoderUrl: string | undefined;
  companyRegistry: CompanyRegistryConfig;
  /** Unfinished imports idle this long are removed at start (config importStartGraceMs). */
  importStartGraceMs: number;
  /** Threads preparing import batches (config importWorkers; 0 or absent: the main thread). */
  importWorkers?: number;
  /** Threads building file pages (config fileReadWorkers; 0 or absent: the main thread). */
  fileReadWorkers?: number;
  /** DATA_DIR: over the embedded store's file, the import's threads insert the rows too. */
  dataDir?: string;
  /** The notification centre: imports finished or failed, enrichments ended. */
  notify: Notify;
  /** The organisation's audit log (docs/decisions/audit-log.md). */
  record: RecordAudit;
};

/** How often abandoned imports are looked for (they are removed after IMPORT_IDLE_MS idle). */
export const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** The offline positions table is read this long after start (the first import then finds it ready). */
const OFFLINE_POSITIONS_AFTER_MS = 2000;

export type { Caller } from './import-service';
export type { ProspectBinPort } from './bin-port';
export type { ProspectChanges, ProspectDoc } from './repository';
export type { PoolRow, ProspectEdit } from './prospect-records';

/** What the opportunities component may do with prospects. */
export type ProspectCatalogue = Pick<ProspectsService, 'visibleProspect' | 'accept' | 'release'> & {
  /** Pages of prospects by id, their edition, manual prospects, the unassigned pool. */
  records: Omit<ProspectRecords, 'ensureIndexes'>;
  /** Moves after every write to the organisation's prospects (accept, release, geocoding, import
   * finished, file deleted): the opportunities component drops its cached prospect views on a change. */
  changeStamp(organisationId: string): Promise<number>;
  /**
   * The prospects changed after one stamp up to another (both read from changeStamp), or null when
   * that is not known exactly (then every view kept may be out of date).
   */
  changesBetween(organisationId: string, from: number, to: number): Promise<ProspectChanges>;
};

/** What the rounds component may ask: the address service (GEOCODER_URL), when configured. */
export type Geocoding = {
  configured: boolean;
  /** Coordinates of an address, null when unknown; a French 409 when no service is configured. */
  locate(address: string): Promise<LatLng | null>;
};

/**
 * The catalogue's prospect reads over another connection to the same store: what the export's worker
 * threads read prospects through (they have no module of their own).
 */
/**
 * The prospects change stamp of a store and what its moves changed, for a reader keeping prospect
 * views (the opportunities component reads it through the catalogue; its tests move it as the
 * prospects' writes do).
 */
export function prospectChangeStamps(
  store: Store,
): Pick<ProspectsRepository, 'changeStamp' | 'bumpChangeStamp' | 'changesBetween'> {
  return new ProspectsRepository(store);
}

export function prospectReader(store: Store): Pick<ProspectCatalogue['records'], 'byIds'> {
  return new ProspectRecords(store);
}

export type ProspectsModule = {
  /**
   * Indexes, removal of the unfinished imports idle since the start grace, the one-off duplicate-key
   * migration; then starts the sweep.
   */
  start(): Promise<void>;
  stop(): void;
  /** Closes the file reads' threads' connections (before the store closes, so that it may compact). */
  release(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  catalogue: ProspectCatalogue;
  geocoding: Geocoding;
  /** The organisation's data export reads prospects and file names through it. */
  bulkRead: ProspectBulkRead;
  /** Files and taken prospects for the reports component (issue 22). */
  reportFigures: ProspectReportFigures;
  /** What the bin may do with files and prospects (issue 23, docs/decisions/bin.md). */
  bin: ProspectBinPort;
  /** Resolves once the background positioning of this process has nothing left to do (tests, bench). */
  positionsIdle(): Promise<void>;
};

export function createProspectsModule(deps: ProspectsModuleDeps): ProspectsModule {
  const repository = new ProspectsRepository(deps.store);
  const pool = ImportPool.create(
    deps.importWorkers ?? 0,
    deps.logger,
    deps.store.kind === 'sqlite' ? deps.dataDir : undefined,
  );
  const records = new ProspectRecords(deps.store, offlinePositions);
  const imports = new ProspectImportService({
    repository,
    usernameOf: deps.usernameOf,
    now: deps.now,
    positions: offlinePositions,
    notify: deps.notify,
    record: deps.record,
    ...(pool ? { pool } : {}),
    // As shipped, an import's batches reach both processes: the one waiting for the lease hears at once
    // that the other gave it back, instead of at its next look at the store.
    leaseWaits: new ImportLeaseWaits(clusterSignals('import-lease')),
  });
  const geocoder = deps.geocoderUrl ? createGeocoder(deps.geocoderUrl) : null;
  const fileReads = FileReadPool.create(
    deps.store.kind === 'sqlite' ? deps.dataDir : undefined,
    deps.fileReadWorkers ?? 0,
    deps.logger,
  );
  const prospects = new ProspectsService({
    repository,
    imports,
    usernameOf: deps.usernameOf,
    geocoder,
    now: deps.now,
    ...(fileReads ? { fileReads } : {}),
  });
  const enrichment = new RegistryEnrichment({
    repository: new RegistryRepository(deps.store),
    registry: deps.companyRegistry,
    isVisibleFile: async (caller, excelId) =>
      (await repository.findVisibleFile(caller.organisationId, caller.userId, excelId)) !== null,
    prospectsChanged: (organisationId) => repository.bumpChangeStamp(organisationId),
    ended: async (organisationId, excelId, failed) => {
      const file = await repository.findReadyFile(organisationId, excelId);
      if (file)
        await deps.notify({
          organisationId,
          userId: file.userId,
          kind: 'enrichmentDone',
          excelId,
          name: file.name,
          failed,
        });
    },
    logger: deps.logger,
    now: deps.now,
  });
  const positioning = new ProspectPositioning({
    repository: new PositioningRepository(deps.store),
    positions: offlinePositions,
    geocoder,
    prospectsChanged: (organisationId) => repository.bumpChangeStamp(organisationId),
    logger: deps.logger,
    now: deps.now,
  });
  let timer: NodeJS.Timeout | undefined;
  let warmUp: NodeJS.Timeout | undefined;

  const sweep = async (idleSince: number | null, atStart = false) => {
    const removed = await imports.sweep(idleSince);
    if (removed > 0) deps.logger.info({ removed }, 'Imports abandonnés supprimés');
    const resumed = await enrichment.resumeStale();
    if (resumed > 0) deps.logger.info({ resumed }, 'Enrichissements interrompus repris');
    const positions = await positioning.sweep(atStart);
    if (positions.begun + positions.resumed > 0)
      deps.logger.info(positions, 'Positionnements lancés ou repris');
  };

  return {
    async start() {
      await repository.ensureIndexes();
      await records.ensureIndexes();
      await enrichment.ensureIndexes();
      await positioning.ensureIndexes();
      await ensureProspectReportIndexes(deps.store);
      // Read soon rather than at the first import, but after the API listens: not part of every start
      // (every-core.md, "Start-up"); in slices, so that the calls arriving meanwhile do not wait for it
      // (docs/decisions/offline-positions.md).
      warmUp = setTimeout(() => {
        warmOfflinePositions().catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'Positions hors ligne non préparées : lues au premier import'),
        );
      }, OFFLINE_POSITIONS_AFTER_MS);
      warmUp.unref();
      // Not every unfinished import: another instance on the same store may be running the young ones.
      await sweep(deps.now() - deps.importStartGraceMs, true);
      // Once per store, before any import compares keys with the stored ones.
      const migrated = await migrateDedupKeys(deps.store, deps.now);
      if (migrated) deps.logger.info({ migrated }, 'Clés de doublon des prospects recalculées');
      timer = setInterval(() => {
        sweep(deps.now() - IMPORT_IDLE_MS).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'Échec du nettoyage des imports abandonnés'),
        );
      }, SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      clearTimeout(warmUp);
      void enrichment.stop();
      void positioning.stop();
      void pool?.stop();
    },
    release: async () => {
      await fileReads?.stop();
    },
    registerRoutes(api) {
      registerProspectRoutes(api, prospects, imports, enrichment, positioning);
    },
    catalogue: {
      visibleProspect: (caller, prospectId) => prospects.visibleProspect(caller, prospectId),
      accept: (prospect, acceptance) => prospects.accept(prospect, acceptance),
      release: (prospect, opportunityId) => prospects.release(prospect, opportunityId),
      changeStamp: (organisationId) => repository.changeStamp(organisationId),
      changesBetween: (organisationId, from, to) => repository.changesBetween(organisationId, from, to),
      records,
    },
    geocoding: {
      configured: geocoder !== null,
      locate: async (address) => {
        if (!geocoder) throw AppError.conflict(GEOCODER_MESSAGES.notConfigured);
        return geocoder(address);
      },
    },
    bulkRead: createProspectBulkRead(deps.store),
    reportFigures: createProspectReportFigures(deps.store),
    bin: createProspectBinPort(repository, (caller, prospectId) =>
      prospects.visibleProspect(caller, prospectId),
    ),
    positionsIdle: () => positioning.idle(),
  };
}
