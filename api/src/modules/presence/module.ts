// The presence component for the composition root: who else has an opportunity's detail open right
// now, kept in the store so that several API processes answer alike. It checks each opportunity
// through the opportunities component's visibility rule.
import type { Logger } from 'pino';
import type { UserRef } from '@app/domain';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { PresenceRepository } from './repository';
import { registerPresenceRoutes } from './routes';
import { type AssertVisibleOpportunity, PresenceService } from './service';

export type PresenceModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  assertVisible: AssertVisibleOpportunity;
  users: (ids: string[]) => Promise<UserRef[]>;
};

export type PresenceModule = {
  /** Indexes, then a sweep of the stays nobody refreshed, every minute. */
  start(): Promise<void>;
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
};

/** Stays not refreshed are removed this often (reads ignore them anyway). */
export const PRESENCE_SWEEP_EVERY_MS = 60 * 1000;

export function createPresenceModule(deps: PresenceModuleDeps): PresenceModule {
  const repository = new PresenceRepository(deps.store);
  const presence = new PresenceService({ ...deps, repository });
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      await repository.ensureIndexes();
      timer = setInterval(() => {
        presence
          .sweep()
          .catch((error: unknown) => deps.logger.error({ err: error }, 'Échec du nettoyage des présences'));
      }, PRESENCE_SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    registerRoutes: (api) => registerPresenceRoutes(api, presence),
  };
}
