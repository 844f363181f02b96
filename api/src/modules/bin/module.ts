// The bin component for the composition root (issue 23, docs/decisions/bin.md): it moves what is
// deleted out of the live collections through the ports of the prospects, opportunities and
// messages components, and purges once a day across the processes.
import type { Logger } from 'pino';
import { Leases } from '../../db/leases';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { MessageBinPort } from '../messages/module';
import type { OpportunityBinPort } from '../opportunities/module';
import type { ProspectBinPort } from '../prospects/module';
import { BinRepository } from './repository';
import { registerBinRoutes } from './routes';
import { type BinEvent, BinService } from './service';

export type { BinEvent } from './service';

/** How often a process checks whether the day's purge is done (each does it at most once a day). */
export const PURGE_CHECK_EVERY_MS = 60 * 60 * 1000;

export type BinModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  prospects: ProspectBinPort;
  opportunities: OpportunityBinPort;
  messages: MessageBinPort;
  usernameOf: (userId: string) => Promise<string>;
  /** Told once a deletion or a restoration is committed (the audit log plugs in here); nothing by default. */
  binned?: (event: BinEvent) => void | Promise<void>;
  restored?: (event: BinEvent) => void | Promise<void>;
  /** Prospects per transaction when a file moves to or from the bin (tests lower it). */
  moveChunk?: number;
};

export type BinModule = {
  /** Indexes; the moves a stopped process left, finished; then the day's purge if no process did it yet, and the hourly check. */
  start(): Promise<void>;
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
  /** The day's purge (null: already done today by some process); what the hourly check runs. */
  purgeDue(): Promise<number | null>;
  /** Which of these opportunities are in the bin (the audit sweep keeps their history lines). */
  holdsOpportunities(organisationId: string, ids: readonly string[]): Promise<Set<string>>;
};

export function createBinModule(deps: BinModuleDeps): BinModule {
  const repository = new BinRepository(deps.store);
  const service = new BinService({
    ...deps,
    repository,
    leases: new Leases(deps.store, 'binLeases', deps.now),
  });
  let timer: NodeJS.Timeout | undefined;
  const purge = () =>
    service
      .purgeDue()
      .then((purged) => {
        if (purged) deps.logger.info({ purged }, 'Corbeille : éléments de plus de 30 jours supprimés');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'Échec de la purge de la corbeille'));
  return {
    async start() {
      await repository.ensureIndexes();
      // A file a stopped process left half moved: finished before anyone can call (docs/decisions/bin.md).
      const resumed = await service.finishInterruptedMoves();
      if (resumed > 0) deps.logger.info({ resumed }, 'Corbeille : déplacements interrompus terminés');
      void purge();
      timer = setInterval(() => void purge(), PURGE_CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    registerRoutes: (api) => registerBinRoutes(api, service),
    purgeDue: () => service.purgeDue(),
    holdsOpportunities: (organisationId, ids) => repository.heldIds(organisationId, 'opportunities', ids),
  };
}
