// The opportunities component for the composition root. It reaches prospects through the
// catalogue the prospects component exports (including its prospect records), comments
// through the messages log, and gives the messages component its threads.
import type { Logger } from 'pino';
import type { UserRef } from '@app/domain';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { MessageLog, OpportunityThreads } from '../messages/module';
import type { ProspectCatalogue } from '../prospects/module';
import { createOpportunityBulkRead, type OpportunityBulkRead } from './bulk-read';
import { CardPages } from './cached-cards';
import type { ExportPool } from './export-pool';
import { ListIndex } from './list-index';
import { PageReplies } from './page-replies';
import { OpportunitiesRepository } from './repository';
import { registerOpportunityRoutes } from './routes';
import { OpportunitiesService } from './service';

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
  /** Threads building large exports on the embedded store (absent: built on the main thread). */
  exportPool?: ExportPool;
};

/** How often due renewal follow-ups are applied in the background (reads apply them too). */
export const RENEWAL_SWEEP_EVERY_MS = 60 * 60 * 1000;

export type OpportunitiesModule = {
  /** Indexes, then the renewals due while the API was down; starts the hourly sweep. */
  start(): Promise<void>;
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
  threads: OpportunityThreads;
  /** A removed member's opportunities go to another member (issue 10, /api/user/remove). */
  handOver(organisationId: string, fromUserId: string, toUserId: string): Promise<number>;
  /** The organisation's data export reads the opportunities a member may see through it. */
  bulkRead: OpportunityBulkRead;
};

export function createOpportunitiesModule(deps: OpportunitiesModuleDeps): OpportunitiesModule {
  const repository = new OpportunitiesRepository(deps.store);
  const gateway = deps.prospects.records;
  const index = new ListIndex(repository, deps.timeZone);
  const cards = new CardPages({ repository, gateway, index, users: deps.users, timeZone: deps.timeZone });
  const replies = new PageReplies();
  const opportunities = new OpportunitiesService({ ...deps, repository, gateway, index, cards, replies });
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    const applied = await opportunities.applyDueRenewals();
    if (applied > 0) deps.logger.info({ applied }, 'Relances de renouvellement appliquées');
  };
  return {
    async start() {
      await repository.ensureIndexes();
      const finished = await opportunities.finishInterruptedChanges();
      if (finished > 0) deps.logger.warn({ finished }, 'Changements interrompus terminés au démarrage');
      await sweep();
      timer = setInterval(() => {
        sweep().catch((error: unknown) =>
          deps.logger.error({ err: error }, 'Échec des relances de renouvellement'),
        );
      }, RENEWAL_SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    registerRoutes: (api) => registerOpportunityRoutes(api, opportunities, deps.messages, deps.exportPool),
    threads: opportunities.threads,
    handOver: (organisationId, fromUserId, toUserId) =>
      opportunities.handOver(organisationId, fromUserId, toUserId),
    bulkRead: createOpportunityBulkRead(deps.store),
  };
}
