// The audit component for the composition root: its read-only routes, `record` (the port every
// producer calls with what changed), `recordForUser` (a sign-in, logged in each of the member's
// organisations) and the daily retention sweep. docs/decisions/audit-log.md.
import type { Logger } from 'pino';
import { Leases } from '../../db/leases';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { AuditRepository } from './repository';
import { registerAuditRoutes } from './routes';
import {
  AuditService,
  type KeptOpportunities,
  type OpportunityHistoryLog,
  type RecordAudit,
  type RecordForUser,
} from './service';

export type { OpportunityLine } from './repository';
export type {
  AuditEntry,
  HistoryLineRecord,
  HistoryRecord,
  KeptOpportunities,
  OpportunityHistoryLog,
  RecordAudit,
  RecordForUser,
} from './service';

/** How often a process asks whether the day's sweep is due (it runs once a day across processes). */
export const SWEEP_CHECK_MS = 60 * 60 * 1000;

export type AuditModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  retentionDays: number;
  usernames: (ids: string[]) => Promise<{ _id: string; username: string }[]>;
  organisationsOf: (userId: string) => Promise<string[]>;
  /** The opportunities still live or in the bin: the sweep keeps their history lines. */
  keptOpportunities: KeptOpportunities;
  /** False: no sweep at start nor every hour (tests call sweep). */
  schedule?: boolean;
};

export type AuditModule = {
  start(): Promise<void>;
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
  record: RecordAudit;
  recordForUser: RecordForUser;
  /** The opportunities' history lines: written and read here (docs/decisions/audit-log.md). */
  history: OpportunityHistoryLog;
  /** Removes the records past retention if no process did today; how many (null: not due or busy). */
  sweep(): Promise<number | null>;
};

export function createAuditModule(deps: AuditModuleDeps): AuditModule {
  const repository = new AuditRepository(deps.store);
  const service = new AuditService({
    ...deps,
    repository,
    leases: new Leases(deps.store, 'auditLeases', deps.now, { ttlMs: 10 * 60_000, waitMs: 0, pollMs: 25 }),
  });
  let timer: NodeJS.Timeout | undefined;
  const sweepLogged = () =>
    service.sweep().catch((error: unknown) => {
      deps.logger.error({ err: error }, 'Historique : purge impossible');
    });
  return {
    start: async () => {
      await repository.ensureIndexes();
      if (deps.schedule === false) return;
      void sweepLogged();
      timer = setInterval(() => void sweepLogged(), SWEEP_CHECK_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
    registerRoutes: (api) => registerAuditRoutes(api, service),
    record: service.record,
    recordForUser: service.recordForUser,
    history: service.history,
    sweep: () => service.sweep(),
  };
}
