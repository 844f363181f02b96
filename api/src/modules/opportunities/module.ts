// The opportunities component for the composition root: it builds the use cases (use-cases/), the
// lists kept in memory and the export's worker threads, and starts and stops them. It reaches
// prospects through the catalogue the prospects component exports (including its prospect records),
// comments through the messages log, and gives the messages component its threads.
import type { Logger } from 'pino';
import type { UserRef } from '@app/domain';
import type { OpportunityHistoryLog, RecordAudit } from '../audit/module';
import { Leases } from '../../db/leases';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { clusterSignals } from '../../process-signals';
import type { MessageLog, OpportunityThreads } from '../messages/module';
import type { Notify } from '../notifications/module';
import type { ProspectCatalogue } from '../prospects/module';
import { createOpportunityBinPort, type OpportunityBinPort } from './bin-port';
import { createOpportunityBulkRead, type OpportunityBulkRead } from './bulk-read';
import { CardPages } from './cached-cards';
import { ExportPool } from './export-pool';
import { ListIndex } from './list-index';
import { ListWindows } from './list-windows';
import { warmLargestLists } from './lists-warm-up';
import { PageReplies } from './page-replies';
import { ProspectChangeLog } from './prospect-changes';
import {
  backfillAcceptanceDates,
  backfillFirstComments,
  createOpportunityReportFigures,
  ensureReportIndexes,
  type OpportunityReportFigures,
} from './report-figures';
import { OpportunitiesRepository } from './repository';
import { registerOpportunityRoutes } from './routes';
import { StateChanges } from './use-cases/change-state';
import { commentThreads } from './use-cases/comment-threads';
import type { OpportunityDeps } from './use-cases/context';
import { OpportunityCreation } from './use-cases/create';
import { OpportunityDetail } from './use-cases/detail';
import { OpportunityEdits } from './use-cases/edits';
import { ExportFile } from './use-cases/export-file';
import { backfillHistory } from './use-cases/history-log';
import { ListReads } from './use-cases/read-lists';
import { finishInterruptedChanges } from './use-cases/recovery';
import { Renewals } from './use-cases/renewals';
import { UnassignedPool } from './use-cases/unassigned-pool';

export type { OpportunityNarrowing, OpportunityReportFigures } from './report-figures';
export type { OpportunityBinPort } from './bin-port';
export type OpportunitiesModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  prospects: ProspectCatalogue;
  messages: MessageLog;
  users: (ids: string[]) => Promise<UserRef[]>;
  isMember: (organisationId: string, userId: string) => Promise<boolean>;
  /** The organisations' time zone (Europe/Paris): days, "today" and renewal dates are read there. */
  timeZone: string;
  renewalLeadDays: number;
  /** Where the embedded store's file is, for the export's worker threads (their own connections). */
  dataDir: string;
  /** Worker threads for large exports on the embedded store (EXPORT_WORKERS; 0: the main thread). */
  exportWorkers: number;
  /** The notification centre: renewals due, opportunities handed to a member. */
  notify: Notify;
  /** The organisation's audit log (docs/decisions/audit-log.md). */
  record: RecordAudit;
  /** The opportunities' history lines, records of that log (use-cases/history-log.ts). */
  history: OpportunityHistoryLog;
  /** False: the largest lists are not read ahead after start (tests call warmLists). */
  listsWarmUp?: boolean;
};

/** How often due renewal follow-ups are applied in the background (reads apply them too). */
export const RENEWAL_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The largest lists are read ahead this long after a start: once the API listens (lists-warm-up.ts). */
const LISTS_WARM_UP_AFTER_MS = 3000;
/** The other API processes' word that a large list's facts are being read (ListReads.warm). */
const LIST_FACTS_TOPIC = 'opportunity-list-facts';

export type OpportunitiesModule = {
  /** Indexes, then the renewals due while the API was down; starts the hourly sweep. */
  start(): Promise<void>;
  stop(): void;
  /** Closes the export threads' connections (before the store closes, so that it may compact). */
  release(): Promise<void>;
  /** Reads the largest organisations' lists ahead of any call (lists-warm-up.ts); the opportunities read. */
  warmLists(): Promise<number>;
  registerRoutes(api: ApiRoutes): void;
  threads: OpportunityThreads;
  /** A removed member's opportunities go to another member (issue 10, /api/user/remove). */
  handOver(organisationId: string, fromUserId: string, toUserId: string): Promise<number>;
  /** The organisation's data export reads the opportunities a member may see through it. */
  bulkRead: OpportunityBulkRead;
  /** Figures per group for the reports component (issue 22). */
  reportFigures: OpportunityReportFigures;
  /** What the bin may do with opportunities (issue 23, docs/decisions/bin.md). */
  bin: OpportunityBinPort;
  /**
   * The organisation's list version, made at 0 when there is none yet: it moves after every write to
   * its opportunities, whichever process made it (what a reader keeping a copy compares).
   */
  changeVersion(organisationId: string): Promise<number>;
  /** The opportunities written between two list versions (from excluded); null when not known exactly. */
  changedBetween(organisationId: string, from: number, to: number): Promise<string[] | null>;
};

export function createOpportunitiesModule(deps: OpportunitiesModuleDeps): OpportunitiesModule {
  const repository = new OpportunitiesRepository(deps.store);
  const gateway = deps.prospects.records;
  const index = new ListIndex(repository, deps.timeZone);
  const context: OpportunityDeps = { ...deps, repository, index, gateway };
  const prospectChanges = new ProspectChangeLog(deps.prospects);
  const changesBetween = (organisationId: string, from: number, to: number) =>
    prospectChanges.between(organisationId, from, to);
  const cards = new CardPages({
    repository,
    gateway,
    index,
    users: deps.users,
    timeZone: deps.timeZone,
    changes: changesBetween,
  });
  // Only on the embedded store's file: each thread opens its own read-only connection to it.
  const exportPool =
    deps.store.kind === 'sqlite'
      ? ExportPool.create(deps.dataDir, deps.exportWorkers, deps.logger)
      : undefined;

  const renewals = new Renewals(context);
  // A large list opened in one API process: the others read its facts too (list-windows.ts).
  const listFacts = clusterSignals(LIST_FACTS_TOPIC);
  const windows = new ListWindows({
    gateway,
    onFirstReading: (organisationId) => listFacts?.send(organisationId),
    changes: changesBetween,
  });
  const lists = new ListReads({
    ...context,
    cards,
    replies: new PageReplies(),
    windows,
    renewals,
    changes: prospectChanges,
  });
  const detail = new OpportunityDetail(context, renewals);
  const changes = new StateChanges(context, detail);
  const creation = new OpportunityCreation(context);
  const useCases = {
    lists,
    detail,
    changes,
    edits: new OpportunityEdits(context, detail),
    creation,
    pool: new UnassignedPool(context, creation),
    exports: new ExportFile(context, lists, exportPool),
    statuses: deps.messages,
  };

  let timer: NodeJS.Timeout | undefined;
  let warmUp: NodeJS.Timeout | undefined;
  let stopped = false;
  let stopWarming: () => void = () => undefined;
  const warmLists = () => warmLargestLists({ repository, lists, logger: deps.logger, going: () => !stopped });
  const sweep = async () => {
    const applied = await renewals.applyDue();
    if (applied > 0) deps.logger.info({ applied }, 'Relances de renouvellement appliquées');
  };
  return {
    async start() {
      await repository.ensureIndexes();
      await ensureReportIndexes(deps.store);
      const backfilled = await backfillFirstComments(deps.store, deps.now);
      if (backfilled > 0) deps.logger.info({ backfilled }, 'Dates de premier commentaire complétées');
      const dated = await backfillAcceptanceDates(deps.store, gateway, deps.now);
      if (dated > 0) deps.logger.info({ dated }, 'Dates de prise des prospects complétées');
      const moved = await backfillHistory({
        ...context,
        store: deps.store,
        leases: new Leases(deps.store, 'opportunityLeases', deps.now, {
          ttlMs: 10 * 60_000,
          waitMs: 0,
          pollMs: 25,
        }),
      });
      if (moved !== null && moved > 0)
        deps.logger.info({ moved }, 'Historique des opportunités versé au journal d’audit');
      const finished = await finishInterruptedChanges(context);
      if (finished > 0) deps.logger.warn({ finished }, 'Changements interrompus terminés au démarrage');
      await sweep();
      stopWarming =
        listFacts?.listen((organisationId) => {
          lists
            .warm(organisationId)
            .catch((error: unknown) =>
              deps.logger.warn({ err: error, organisationId }, 'Lecture anticipée de la liste impossible'),
            );
        }) ?? stopWarming;
      timer = setInterval(() => {
        sweep().catch((error: unknown) =>
          deps.logger.error({ err: error }, 'Échec des relances de renouvellement'),
        );
      }, RENEWAL_SWEEP_EVERY_MS);
      timer.unref();
      if (deps.listsWarmUp === false) return;
      warmUp = setTimeout(() => {
        warmLists().catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'Listes non lues d’avance : lues au premier appel'),
        );
      }, LISTS_WARM_UP_AFTER_MS);
      warmUp.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(warmUp);
      stopWarming();
    },
    release: async () => {
      await exportPool?.stop();
    },
    warmLists,
    registerRoutes: (api) => registerOpportunityRoutes(api, useCases),
    threads: commentThreads(context),
    handOver: (organisationId, fromUserId, toUserId) =>
      changes.handOver(organisationId, fromUserId, toUserId),
    bulkRead: createOpportunityBulkRead(deps.store),
    reportFigures: createOpportunityReportFigures(deps.store),
    bin: createOpportunityBinPort(repository),
    changeVersion: async (organisationId) => {
      const version = await repository.listVersion(organisationId);
      if (version !== null) return version;
      // Writes record a change only once the version exists: made first, read after.
      await repository.createListVersion(organisationId);
      return (await repository.listVersion(organisationId)) ?? 0;
    },
    changedBetween: async (organisationId, from, to) => {
      const ids = await repository.changesBetween(organisationId, from, to);
      return ids === null ? null : [...ids];
    },
  };
}
